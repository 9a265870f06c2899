import type { DisbursementWriteInput, trustEntrySchema } from '@casedesk/contract/accounting/trust';
import { apiRequest } from '@/lib/api-client.ts';
import { useTrustMutation } from './trust-mutation.ts';

/** POST /api/v1/trust/disbursement: pays out of a matter's trust balance. The modal shows 400 and 409 itself. */
export function disburse(body: DisbursementWriteInput) {
  return apiRequest<typeof trustEntrySchema>('/api/v1/trust/disbursement', {
    method: 'POST',
    body,
    handledStatuses: [400, 409],
  });
}

export const useDisburse = () => useTrustMutation(disburse);
