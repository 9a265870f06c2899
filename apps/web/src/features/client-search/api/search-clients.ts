import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';

/** SPEC §9: client search asks for page 1 of 100. */
export const CLIENT_SEARCH_PAGE_SIZE = 100;

/** The part of the search result (packages/contract clients/client-search) the top search box shows. */
export const clientSearchItemSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  primaryNumber: z.string().nullish(),
  dateOfBirth: z.string().nullish(),
});
export type ClientSearchItem = z.infer<typeof clientSearchItemSchema>;

export const clientSearchResponseSchema = z.object({
  items: z.array(clientSearchItemSchema),
  totalCount: z.number().int(),
  totalCountIsLowerBound: z.boolean(),
});
export type ClientSearchResponse = z.infer<typeof clientSearchResponseSchema>;

/**
 * POST /api/v1/client/search (SPEC §7). Failures are only logged: the search box shows them in its
 * dropdown instead of the error popup, which would interrupt typing.
 */
export function searchClients(searchKeyword: string, signal?: AbortSignal): Promise<ClientSearchResponse> {
  return apiRequest('/api/v1/client/search', clientSearchResponseSchema, {
    method: 'POST',
    body: { pageNumber: 1, pageSize: CLIENT_SEARCH_PAGE_SIZE, filter: { searchKeyword } },
    signal,
    onError: 'log',
  });
}

/** Runs only for a non-empty keyword (SPEC §2: starts only for non-empty input). */
export function clientSearchQueryOptions(searchKeyword: string) {
  return queryOptions({
    queryKey: ['clients', 'search', { searchKeyword }],
    queryFn: searchKeyword ? ({ signal }) => searchClients(searchKeyword, signal) : skipToken,
    placeholderData: keepPreviousData,
  });
}

export function useClientSearch(searchKeyword: string) {
  return useQuery(clientSearchQueryOptions(searchKeyword));
}
