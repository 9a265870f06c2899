import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { SEARCH_DEBOUNCE_MS } from '@casedesk/contract/common/search';
import type {
  ClientSearchRequestInput,
  ClientSearchResponse,
  clientSearchResponseSchema,
} from '@casedesk/contract/clients/client-search';
import { CLIENT_SEARCH_PAGE_SIZE } from '@casedesk/contract/common/search';
import { apiRequest, type ApiRequestOptions } from '@/lib/api-client.ts';
import { clientKeys } from './client.ts';

/**
 * POST /api/v1/client/search (SPEC §7: pageNumber, pageSize, sortBy, sortOrder, filter.searchKeyword).
 * `onError: 'log'` for a search box: it says so in its dropdown instead of an error popup that would
 * interrupt typing.
 */
export function searchClients(
  request: ClientSearchRequestInput,
  { signal, onError }: Pick<ApiRequestOptions, 'signal' | 'onError'> = {},
): Promise<ClientSearchResponse> {
  return apiRequest<typeof clientSearchResponseSchema>('/api/v1/client/search', {
    method: 'POST',
    body: request,
    signal,
    onError,
  });
}

/** A page of the Search Client screen; the page shown stays while the next one loads, so the table does not jump. */
export function useClientSearchPage(request: ClientSearchRequestInput) {
  return useQuery({
    ...queryOptions({
      queryKey: clientKeys.search(request),
      queryFn: ({ signal }) => searchClients(request, { signal }),
    }),
    placeholderData: keepPreviousData,
  });
}

/**
 * A search box's results (the top bar's, the text drawer's client picker): page 1 of 100 (SPEC §9), asked only
 * for non-empty input (SPEC §2), failures only logged.
 */
export function clientSearchBoxQueryOptions(searchKeyword: string) {
  const request: ClientSearchRequestInput = {
    pageNumber: 1,
    pageSize: CLIENT_SEARCH_PAGE_SIZE,
    filter: { searchKeyword },
  };
  return queryOptions({
    queryKey: clientKeys.search(request),
    queryFn: searchKeyword ? ({ signal }) => searchClients(request, { signal, onError: 'log' }) : skipToken,
    placeholderData: keepPreviousData,
  });
}

export function useClientSearchBox(searchKeyword: string) {
  return useQuery(clientSearchBoxQueryOptions(searchKeyword));
}

/**
 * The search-as-you-type pickers' state: the keyword debounced 300 ms (SPEC §9), no request for an empty one,
 * the clients found for the current keyword and the line the dropdown shows instead of them, if any.
 */
export function useClientSearchResults(keyword: string) {
  const [debounced] = useDebouncedValue(keyword, SEARCH_DEBOUNCE_MS);
  const search = useClientSearchBox(debounced);
  const items = keyword && debounced ? (search.data?.items ?? []) : [];
  const waiting = keyword !== debounced || (search.isFetching && !search.data);
  let status: string | null = null;
  if (search.isError && !waiting) status = 'Search could not be completed. Try again.';
  else if (waiting && items.length === 0) status = 'Searching…';
  else if (!search.isFetching && items.length === 0) status = 'No clients found';
  return { items, status, isFetching: search.isFetching };
}
