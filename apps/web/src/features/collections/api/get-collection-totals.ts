import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CollectionAccountFilter, collectionAccountTotalsSchema } from '@casedesk/contract/collections/account';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionKeys } from './collection-keys.ts';

/**
 * POST /api/v1/collectionAccount/allTotals: count, original, paid and outstanding of every account the list's
 * filter matches (all pages). The server sums; the browser never adds amounts up.
 */
export function getCollectionTotals(filter: CollectionAccountFilter, signal?: AbortSignal) {
  return apiRequest<typeof collectionAccountTotalsSchema>('/api/v1/collectionAccount/allTotals', {
    method: 'POST',
    body: { filter },
    signal,
  });
}

export function collectionTotalsQueryOptions(filter: CollectionAccountFilter) {
  return queryOptions({
    queryKey: collectionKeys.totals(filter),
    queryFn: ({ signal }) => getCollectionTotals(filter, signal),
  });
}

export function useCollectionTotals(filter: CollectionAccountFilter) {
  return useQuery({ ...collectionTotalsQueryOptions(filter), placeholderData: keepPreviousData });
}
