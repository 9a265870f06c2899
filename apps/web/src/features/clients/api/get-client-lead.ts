import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientLeadResponseSchema, type ClientLeadResponse } from '@casedesk/contract/clients/client-details';
import { clientKeys } from '@/api/clients/client.ts';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/v1/client/lead?clientId=…: the newest inquiry, for "Open lead" (SPEC §7). */
export function getClientLead(clientId: string, signal?: AbortSignal): Promise<ClientLeadResponse> {
  return apiRequest('/api/v1/client/lead', clientLeadResponseSchema, { query: { clientId }, signal, onError: 'log' });
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
