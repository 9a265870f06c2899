import { queryOptions, useQuery } from '@tanstack/react-query';
import type { collectorListSchema } from '@casedesk/contract/collections/account';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionKeys } from './collection-keys.ts';

/**
 * GET /api/v1/collectionAccount/roles: the users accounts can be assigned to, in the caller's offices or, with
 * `officeId`, in that office (an account's own).
 */
export function listCollectors(officeId: string | undefined, signal?: AbortSignal) {
  return apiRequest<typeof collectorListSchema>('/api/v1/collectionAccount/roles', { query: { officeId }, signal });
}

export function collectorsQueryOptions(officeId?: string) {
  return queryOptions({
    queryKey: collectionKeys.collectors(officeId),
    queryFn: ({ signal }) => listCollectors(officeId, signal),
    staleTime: 5 * 60_000,
  });
}

export function useCollectors(officeId?: string) {
  return useQuery(collectorsQueryOptions(officeId));
}
