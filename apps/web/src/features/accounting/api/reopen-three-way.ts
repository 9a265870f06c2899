import type { ReopenThreeWay, threeWaySchema } from '@casedesk/contract/accounting/trust';
import { apiRequest } from '@/lib/api-client.ts';
import { useTrustMutation } from './trust-mutation.ts';

/** POST /api/v1/trust/reopenThreeWay: reopens a signed month with a reason. The modal shows 400 and 409. */
export function reopenThreeWay(body: ReopenThreeWay) {
  return apiRequest<typeof threeWaySchema>('/api/v1/trust/reopenThreeWay', {
    method: 'POST',
    body,
    handledStatuses: [400, 409],
  });
}

export const useReopenThreeWay = () => useTrustMutation(reopenThreeWay);
