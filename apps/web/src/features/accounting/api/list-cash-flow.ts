import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CashFlowListRequestInput, cashFlowListResponseSchema } from '@casedesk/contract/accounting/payment';
import { apiRequest } from '@/lib/api-client.ts';
import { accountingKeys } from './accounting-keys.ts';

/** POST /api/v1/cashFlow/all: one page of cash-flow entries (SPEC §2 headers) for the filter and sort. */
export function listCashFlow(request: CashFlowListRequestInput, signal?: AbortSignal) {
  return apiRequest<typeof cashFlowListResponseSchema>('/api/v1/cashFlow/all', {
    method: 'POST',
    body: request,
    signal,
  });
}

export function cashFlowQueryOptions(request: CashFlowListRequestInput) {
  return queryOptions({
    queryKey: accountingKeys.list(request),
    queryFn: ({ signal }) => listCashFlow(request, signal),
  });
}

/** The page being shown stays while the next one loads. */
export function useCashFlow(request: CashFlowListRequestInput) {
  return useQuery({ ...cashFlowQueryOptions(request), placeholderData: keepPreviousData });
}
