import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CollectionAccountListRequestInput,
  collectionAccountListSchema,
} from '@casedesk/contract/collections/account';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionKeys } from './collection-keys.ts';

/** POST /api/v1/collectionAccount/all: one page of collection accounts for the filter and sort. */
export function listCollectionAccounts(request: CollectionAccountListRequestInput, signal?: AbortSignal) {
  return apiRequest<typeof collectionAccountListSchema>('/api/v1/collectionAccount/all', {
    method: 'POST',
    body: request,
    signal,
  });
}

export function collectionAccountsQueryOptions(request: CollectionAccountListRequestInput) {
  return queryOptions({
    queryKey: collectionKeys.list(request),
    queryFn: ({ signal }) => listCollectionAccounts(request, signal),
  });
}

/** The page being shown stays while the next one loads. */
export function useCollectionAccounts(request: CollectionAccountListRequestInput) {
  return useQuery({ ...collectionAccountsQueryOptions(request), placeholderData: keepPreviousData });
}
