import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientDetailsResponse, clientDetailsResponseSchema } from '@casedesk/contract/clients/client-details';
import { clientKeys } from '@/api/clients/client.ts';
import { apiRequest } from '@/lib/api-client.ts';

/**
 * GET /api/v1/client/details?clientId=… (SPEC §7), read by the client page and the payment form (a client's
 * matters). 404 (unknown or another office's client) is shown by the page.
 */
export function getClientDetails(clientId: string, signal?: AbortSignal): Promise<ClientDetailsResponse> {
  return apiRequest<typeof clientDetailsResponseSchema>('/api/v1/client/details', {
    query: { clientId },
    signal,
    handledStatuses: [404],
  });
}

export function clientDetailsQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: clientKeys.details(clientId),
    queryFn: ({ signal }) => getClientDetails(clientId, signal),
    retry: false,
  });
}

export function useClientDetails(clientId: string) {
  return useQuery(clientDetailsQueryOptions(clientId));
}

/**
 * The client's inquiries (its matters) to pick one for a payment; asked only once a client is chosen. Left out
 * of the answer when the caller may not read leads, so the matter stays optional.
 */
export function useClientInquiries(clientId: string | null) {
  return useQuery({
    ...clientDetailsQueryOptions(clientId ?? ''),
    enabled: Boolean(clientId),
    select: (details) => details.inquiries ?? [],
  });
}
