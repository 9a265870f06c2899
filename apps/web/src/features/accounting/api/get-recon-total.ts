import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReconRequest, reconTotalSchema } from '@casedesk/contract/accounting/reconciliation';
import { apiRequest } from '@/lib/api-client.ts';
import { accountingKeys } from './accounting-keys.ts';

/** POST /api/v1/cashFlow/reconTotal: the month's sums over the same office days, and how many are reconciled. */
export function getReconTotal(request: ReconRequest, signal?: AbortSignal) {
  return apiRequest<typeof reconTotalSchema>('/api/v1/cashFlow/reconTotal', { method: 'POST', body: request, signal });
}

export function reconTotalQueryOptions(request: ReconRequest) {
  return queryOptions({
    queryKey: accountingKeys.reconTotal(request),
    queryFn: ({ signal }) => getReconTotal(request, signal),
  });
}

export function useReconTotal(request: ReconRequest) {
  return useQuery({ ...reconTotalQueryOptions(request), placeholderData: keepPreviousData });
}
