import { queryOptions, useQuery } from '@tanstack/react-query';
import { collectionAccountDetailSchema } from '@casedesk/contract/collections/account';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionKeys } from './collection-keys.ts';

/** GET /api/v1/collectionAccount?id=: the account page's header and status history. A 404 is shown by the page. */
export function getCollectionAccount(accountId: string, signal?: AbortSignal) {
  return apiRequest('/api/v1/collectionAccount', collectionAccountDetailSchema, {
    query: { id: accountId },
    signal,
    handledStatuses: [404],
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
