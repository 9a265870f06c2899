import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientDetailSchema, type ClientDetail } from '@casedesk/contract/clients/client';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/v1/client?id=… (a merged-away client comes back with mergedIntoId). 404 is shown by the page. */
export function getClient(id: string, signal?: AbortSignal): Promise<ClientDetail> {
  return apiRequest('/api/v1/client', clientDetailSchema, { query: { id }, signal, handledStatuses: [404] });
}

export function clientQueryOptions(id: string) {
  return queryOptions({ queryKey: ['clients', 'one', id], queryFn: ({ signal }) => getClient(id, signal) });
}

export function useClient(id: string | undefined) {
  return useQuery({ ...clientQueryOptions(id ?? ''), enabled: Boolean(id) });
}
