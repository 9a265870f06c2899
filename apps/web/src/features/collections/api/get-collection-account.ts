import { queryOptions, useQuery } from '@tanstack/react-query';
import type { collectionAccountDetailSchema } from '@casedesk/contract/collections/account';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionKeys } from './collection-keys.ts';

/**
 * GET /api/v1/collectionAccount?id=: the account page's header and status history. A 404, and the 400 of an id that
 * is no account id at all (a mistyped URL), are shown by the page as not found.
 */
export function getCollectionAccount(accountId: string, signal?: AbortSignal) {
  return apiRequest<typeof collectionAccountDetailSchema>('/api/v1/collectionAccount', {
    query: { id: accountId },
    signal,
    handledStatuses: [400, 404],
  });
}

export function collectionAccountQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: collectionKeys.account(accountId),
    queryFn: ({ signal }) => getCollectionAccount(accountId, signal),
  });
}

export function useCollectionAccount(accountId: string) {
  return useQuery(collectionAccountQueryOptions(accountId));
}
