import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientDetail, clientDetailSchema } from '@casedesk/contract/clients/client';
import type { ClientSearchRequestInput } from '@casedesk/contract/clients/client-search';
import { apiRequest } from '@/lib/api-client.ts';

/**
 * The clients module's query keys. Every view of a client sits under `all`, so a save, a merge or a booking
 * that changes a client refreshes each of them (the profile, its tabs, a lead's or a text's view of it).
 */
export const clientKeys = {
  all: ['clients'] as const,
  one: (id: string) => [...clientKeys.all, 'one', id] as const,
  /** GET /client/details: the profile's tabs (texts, calls, inquiries, appointments). */
  details: (id: string) => [...clientKeys.all, 'details', id] as const,
  /** GET /client/lead: the client as a lead screen shows it. */
  lead: (id: string) => [...clientKeys.all, 'lead', id] as const,
  /** POST /client/search: a page of results, for the search screen or a search box. */
  search: (request: ClientSearchRequestInput) => [...clientKeys.all, 'search', request] as const,
};

/**
 * GET /api/v1/client?id=… (a merged-away client comes back with mergedIntoId). `notFoundShown`: the screen
 * says "not found" itself, so a 404 is no error popup.
 */
export function getClient(
  id: string,
  { signal, notFoundShown = false }: { signal?: AbortSignal; notFoundShown?: boolean } = {},
): Promise<ClientDetail> {
  return apiRequest<typeof clientDetailSchema>('/api/v1/client', {
    query: { id },
    signal,
    ...(notFoundShown ? { handledStatuses: [404] } : {}),
  });
}

export function clientQueryOptions(id: string, notFoundShown = false) {
  return queryOptions({
    queryKey: clientKeys.one(id),
    queryFn: ({ signal }) => getClient(id, { signal, notFoundShown }),
  });
}

export function useClient(id: string | null | undefined, notFoundShown = false) {
  return useQuery({ ...clientQueryOptions(id ?? '', notFoundShown), enabled: Boolean(id) });
}
