import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientDetailSchema, type ClientDetail } from '@casedesk/contract/clients/client';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/v1/client?id: the client an inquiry is taken for (a chosen duplicate, or ?clientId= on a new one). */
export function getClient(id: string, signal?: AbortSignal): Promise<ClientDetail> {
  return apiRequest('/api/v1/client', clientDetailSchema, { query: { id }, signal });
}

export function clientQueryOptions(id: string) {
  return queryOptions({ queryKey: ['client', id], queryFn: ({ signal }) => getClient(id, signal) });
}

export function useClient(id: string | null | undefined) {
  return useQuery({ ...clientQueryOptions(id ?? ''), enabled: Boolean(id) });
}
