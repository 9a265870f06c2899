import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CashFlowFilter, cashFlowTotalsSchema } from '@casedesk/contract/accounting/payment';
import { apiRequest } from '@/lib/api-client.ts';
import { accountingKeys } from './accounting-keys.ts';

/**
 * POST /api/v1/cashFlow/totals: fees, cost and total of every row the list's filter matches (all pages). The
 * server sums; the browser never adds amounts up (docs/accounting.md).
 */
export function getCashFlowTotals(filter: CashFlowFilter, signal?: AbortSignal) {
  return apiRequest<typeof cashFlowTotalsSchema>('/api/v1/cashFlow/totals', {
    method: 'POST',
    body: { filter },
    signal,
  });
}

export function cashFlowTotalsQueryOptions(filter: CashFlowFilter) {
  return queryOptions({
    queryKey: accountingKeys.totals(filter),
    queryFn: ({ signal }) => getCashFlowTotals(filter, signal),
  });
}

export function useCashFlowTotals(filter: CashFlowFilter) {
  return useQuery({ ...cashFlowTotalsQueryOptions(filter), placeholderData: keepPreviousData });
}
