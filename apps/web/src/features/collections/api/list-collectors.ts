import { queryOptions, useQuery } from '@tanstack/react-query';
import { userMinListSchema } from '@casedesk/contract/users/user';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionKeys } from './collection-keys.ts';

/** GET /api/v1/collectionAccount/roles: the users accounts can be assigned to (id and display name). */
export function listCollectors(signal?: AbortSignal) {
  return apiRequest('/api/v1/collectionAccount/roles', userMinListSchema, { signal });
}

export function collectorsQueryOptions() {
  return queryOptions({
    queryKey: collectionKeys.collectors(),
    queryFn: ({ signal }) => listCollectors(signal),
    staleTime: 5 * 60_000,
  });
}

export function useCollectors() {
  return useQuery(collectorsQueryOptions());
}
