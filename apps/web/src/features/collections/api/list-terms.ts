import { queryOptions, useQuery } from '@tanstack/react-query';
import type { termListSchema } from '@casedesk/contract/collections/term';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionKeys } from './collection-keys.ts';

/** GET /api/v1/term: the terms accounts are worked on (Payment Plan, Pay in Full, Settlement …). */
export function listTerms(signal?: AbortSignal) {
  return apiRequest<typeof termListSchema>('/api/v1/term', { signal });
}

export function termsQueryOptions() {
  return queryOptions({
    queryKey: collectionKeys.terms(),
    queryFn: ({ signal }) => listTerms(signal),
    staleTime: 5 * 60_000,
  });
}

export function useTerms() {
  return useQuery(termsQueryOptions());
}
