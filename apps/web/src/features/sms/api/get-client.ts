import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientDetailSchema, type ClientDetail } from '@casedesk/contract/clients/client';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/v1/client?id: the client a text is prefilled for, and whose autoText and email the chat options read. */
export function getClient(id: string, signal?: AbortSignal): Promise<ClientDetail> {
  return apiRequest('/api/v1/client', clientDetailSchema, { query: { id }, signal });
}

export function clientQueryOptions(id: string) {
  return queryOptions({ queryKey: ['client', id], queryFn: ({ signal }) => getClient(id, signal) });
}

export function useClient(id: string | null | undefined) {
  return useQuery({ ...clientQueryOptions(id ?? ''), enabled: Boolean(id) });
}
