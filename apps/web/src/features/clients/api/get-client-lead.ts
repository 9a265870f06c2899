import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientLeadResponse, clientLeadResponseSchema } from '@casedesk/contract/clients/client-details';
import { clientKeys } from '@/api/clients/client.ts';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/v1/client/lead?clientId=…: the newest inquiry, for "Open lead" (SPEC §7). */
export function getClientLead(clientId: string, signal?: AbortSignal): Promise<ClientLeadResponse> {
  return apiRequest<typeof clientLeadResponseSchema>('/api/v1/client/lead', {
    query: { clientId },
    signal,
    onError: 'log',
  });
}

export function clientLeadQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: clientKeys.lead(clientId),
    queryFn: ({ signal }) => getClientLead(clientId, signal),
  });
}

export function useClientLead(clientId: string, enabled = true) {
  return useQuery({ ...clientLeadQueryOptions(clientId), enabled });
}
