import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallListRequestInput, callListResponseSchema } from '@casedesk/contract/calls/call';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/v1/call/all: one page of calls for the current filter and sort (SPEC §2). */
export function listCalls(request: CallListRequestInput, signal?: AbortSignal) {
  // SPEC §8: a failed calls list is only logged, with no user message.
  return apiRequest<typeof callListResponseSchema>('/api/v1/call/all', {
    method: 'POST',
    body: request,
    signal,
    onError: 'log',
  });
}

export function callsQueryOptions(request: CallListRequestInput) {
  return queryOptions({
    queryKey: ['call', 'all', request],
    queryFn: ({ signal }) => listCalls(request, signal),
  });
}

/** The page being shown stays while the next one loads; the list refreshes each minute, as calls come in. */
export function useCalls(request: CallListRequestInput) {
  return useQuery({ ...callsQueryOptions(request), placeholderData: keepPreviousData, refetchInterval: 60_000 });
}
