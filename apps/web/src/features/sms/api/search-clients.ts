import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import {
  CLIENT_SEARCH_PAGE_SIZE,
  clientSearchResponseSchema,
  type ClientSearchResponse,
} from '@casedesk/contract/clients/client-search';
import { apiRequest } from '@/lib/api-client.ts';

/**
 * POST /api/v1/client/search (SPEC §7: page 1 of 100, filter.searchKeyword) for the drawer's client
 * picker. Failures are only logged: the picker says so in its dropdown instead of interrupting typing.
 */
export function searchClients(searchKeyword: string, signal?: AbortSignal): Promise<ClientSearchResponse> {
  return apiRequest('/api/v1/client/search', clientSearchResponseSchema, {
    method: 'POST',
    body: { pageNumber: 1, pageSize: CLIENT_SEARCH_PAGE_SIZE, filter: { searchKeyword } },
    signal,
    onError: 'log',
  });
}

/** SPEC §2: runs only for non-empty input. */
export function useClientSearch(searchKeyword: string) {
  return useQuery(
    queryOptions({
      // Not the top search box's key: that one keeps fewer fields of each client (no mobile or home number).
      queryKey: ['clients', 'search', 'full', { searchKeyword }],
      queryFn: searchKeyword ? ({ signal }) => searchClients(searchKeyword, signal) : skipToken,
      placeholderData: keepPreviousData,
    }),
  );
}
