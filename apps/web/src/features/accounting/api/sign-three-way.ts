import type { SignThreeWay, threeWaySchema } from '@casedesk/contract/accounting/trust';
import { apiRequest } from '@/lib/api-client.ts';
import { useTrustMutation } from './trust-mutation.ts';

/** POST /api/v1/trust/signThreeWay: signs a month whose three balances agree. The modal shows 400 and 409. */
export function signThreeWay(body: SignThreeWay) {
  return apiRequest<typeof threeWaySchema>('/api/v1/trust/signThreeWay', {
    method: 'POST',
    body,
    handledStatuses: [400, 409],
  });
}

export const useSignThreeWay = () => useTrustMutation(signThreeWay);
