import { queryOptions, useQuery } from '@tanstack/react-query';
import type { paymentPlanListSchema } from '@casedesk/contract/collections/payment-plan';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionKeys } from './collection-keys.ts';

/** POST /api/v1/paymentPlan/list: the account's plans with their versions, pauses and instalments. */
export function listPaymentPlans(accountId: string, signal?: AbortSignal) {
  return apiRequest<typeof paymentPlanListSchema>('/api/v1/paymentPlan/list', {
    method: 'POST',
    body: { accountId },
    signal,
  });
}

export function paymentPlansQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: collectionKeys.plans(accountId),
    queryFn: ({ signal }) => listPaymentPlans(accountId, signal),
  });
}

export function usePaymentPlans(accountId: string) {
  return useQuery(paymentPlansQueryOptions(accountId));
}
