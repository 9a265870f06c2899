import { queryOptions, useQuery } from '@tanstack/react-query';
import type { collectionAccessSchema } from '@casedesk/contract/collections/collection-access';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionKeys } from './collection-keys.ts';

/**
 * GET /api/v1/collectionAccount/getAccessControl: the users of the offices the caller's COLLECTION_MANAGEMENT
 * reaches, with their ALL_ACCOUNTS, COLLECTIONS_DASHBOARD, COLLECTION_MANAGEMENT and COLLECTION_REPORTING.
 */
export function getCollectionAccess(signal?: AbortSignal) {
  return apiRequest<typeof collectionAccessSchema>('/api/v1/collectionAccount/getAccessControl', { signal });
}

export function collectionAccessQueryOptions() {
  return queryOptions({
    queryKey: collectionKeys.access(),
    queryFn: ({ signal }) => getCollectionAccess(signal),
  });
}

export function useCollectionAccess() {
  return useQuery(collectionAccessQueryOptions());
}
