import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { unresolvedDnisListSchema, UnresolvedDnisRequest } from '@casedesk/contract/marketing/tracking-line';
import { apiRequest } from '@/lib/api-client.ts';
import { marketingKeys } from './marketing-keys.ts';

/** POST /api/v1/dnis/unresolved: numbers called that no line mapped, with their calls. */
export function listUnresolvedDnis(request: Partial<UnresolvedDnisRequest>, signal?: AbortSignal) {
  return apiRequest<typeof unresolvedDnisListSchema>('/api/v1/dnis/unresolved', {
    method: 'POST',
    body: request,
    signal,
  });
}

export function unresolvedDnisQueryOptions(request: Partial<UnresolvedDnisRequest>) {
  return queryOptions({
    queryKey: marketingKeys.unresolved(request),
    queryFn: ({ signal }) => listUnresolvedDnis(request, signal),
  });
}

export function useUnresolvedDnis(request: Partial<UnresolvedDnisRequest>) {
  return useQuery({ ...unresolvedDnisQueryOptions(request), placeholderData: keepPreviousData });
}
