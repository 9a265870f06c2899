import type { ReverseDisbursement, trustEntrySchema } from '@casedesk/contract/accounting/trust';
import { apiRequest } from '@/lib/api-client.ts';
import { useTrustMutation } from './trust-mutation.ts';

/** POST /api/v1/trust/reverseDisbursement: puts a disbursement back, with the reason. The modal shows 400 and 409. */
export function reverseDisbursement(body: ReverseDisbursement) {
  return apiRequest<typeof trustEntrySchema>('/api/v1/trust/reverseDisbursement', {
    method: 'POST',
    body,
    handledStatuses: [400, 409],
  });
}

export const useReverseDisbursement = () => useTrustMutation(reverseDisbursement);
