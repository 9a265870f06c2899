import { queryOptions, useQuery } from '@tanstack/react-query';
import { collectionStatusListSchema } from '@casedesk/contract/collections/account';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionKeys } from './collection-keys.ts';

/** GET /api/v1/collectionAccount/status: the statuses in order, with their labels, badges and whether still worked. */
export function listCollectionStatuses(signal?: AbortSignal) {
  return apiRequest('/api/v1/collectionAccount/status', collectionStatusListSchema, { signal });
}

export function collectionStatusesQueryOptions() {
  return queryOptions({
    queryKey: collectionKeys.statuses(),
    queryFn: ({ signal }) => listCollectionStatuses(signal),
    staleTime: Infinity,
  });
}

export function useCollectionStatuses() {
  return useQuery(collectionStatusesQueryOptions());
}
