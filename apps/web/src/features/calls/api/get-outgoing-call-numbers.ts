import { queryOptions, useQuery } from '@tanstack/react-query';
import type { outgoingCallNumberListSchema } from '@casedesk/contract/calls/click-to-call';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/v1/dropdown/outgoingCallNumbers: the outbound caller ids the user may call from (SPEC §5, §7). */
export const outgoingCallNumbersQueryOptions = queryOptions({
  queryKey: ['dropdown', 'outgoingCallNumbers'],
  queryFn: ({ signal }) =>
    apiRequest<typeof outgoingCallNumberListSchema>('/api/v1/dropdown/outgoingCallNumbers', { signal }),
  staleTime: 5 * 60_000,
});

export function useOutgoingCallNumbers() {
  return useQuery(outgoingCallNumbersQueryOptions);
}
