import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReconRequest, reconTableSchema } from '@casedesk/contract/accounting/reconciliation';
import { apiRequest } from '@/lib/api-client.ts';
import { accountingKeys } from './accounting-keys.ts';

/** POST /api/v1/cashFlow/reconTable: per office and day of the month, the three sums, the difference and the status. */
export function getReconTable(request: ReconRequest, signal?: AbortSignal) {
  return apiRequest<typeof reconTableSchema>('/api/v1/cashFlow/reconTable', { method: 'POST', body: request, signal });
}

export function reconTableQueryOptions(request: ReconRequest) {
  return queryOptions({
    queryKey: accountingKeys.reconTable(request),
    queryFn: ({ signal }) => getReconTable(request, signal),
  });
}

export function useReconTable(request: ReconRequest) {
  return useQuery({ ...reconTableQueryOptions(request), placeholderData: keepPreviousData });
}
