import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  clientSearchResponseSchema,
  type ClientSearchRequestInput,
  type ClientSearchResponse,
} from '@casedesk/contract/clients/client-search';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/v1/client/search (pageNumber, pageSize, sortBy, sortOrder, filter.searchKeyword; SPEC §7). */
export function searchClients(request: ClientSearchRequestInput, signal?: AbortSignal): Promise<ClientSearchResponse> {
  return apiRequest('/api/v1/client/search', clientSearchResponseSchema, { method: 'POST', body: request, signal });
}

export function clientSearchPageQueryOptions(request: ClientSearchRequestInput) {
  return queryOptions({
    queryKey: ['clients', 'search-page', request],
    queryFn: ({ signal }) => searchClients(request, signal),
  });
}

/** The page being shown stays while the next one loads, so the table does not jump. */
export function useClientSearchPage(request: ClientSearchRequestInput) {
  return useQuery({ ...clientSearchPageQueryOptions(request), placeholderData: keepPreviousData });
}
