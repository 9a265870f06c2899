import { queryOptions, useQuery } from '@tanstack/react-query';
import type { collectionStatusListSchema } from '@casedesk/contract/collections/account';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionKeys } from './collection-keys.ts';

/** GET /api/v1/collectionAccount/status: the statuses in order, with their labels, badges and whether still worked. */
export function listCollectionStatuses(signal?: AbortSignal) {
  return apiRequest<typeof collectionStatusListSchema>('/api/v1/collectionAccount/status', { signal });
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
