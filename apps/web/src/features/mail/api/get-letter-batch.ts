import { queryOptions, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { letterBatchStatusSchema } from '@casedesk/contract/mail/letter';
import { apiRequest } from '@/lib/api-client.ts';
import { mailKeys } from './mail-keys.ts';

/** GET /api/v1/mail/letterBatch/:batchId: letters done of total, only for the batch's requester. */
export function getLetterBatch(id: string, signal?: AbortSignal) {
  return apiRequest<typeof letterBatchStatusSchema>(`/api/v1/mail/letterBatch/${encodeURIComponent(id)}`, { signal });
}

export function letterBatchQueryOptions(id: string | null) {
  return queryOptions({
    queryKey: mailKeys.batch(id ?? ''),
    queryFn: id ? ({ signal }) => getLetterBatch(id, signal) : skipToken,
  });
}

/** Follows a batch every second until it is DONE or FAILED; then the letter lists are refreshed. */
export function useLetterBatch(id: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...letterBatchQueryOptions(id),
    refetchInterval: (q) => (q.state.data?.state === 'QUEUED' || q.state.data?.state === 'RUNNING' ? 1_000 : false),
  });
  const finished = query.data?.state === 'DONE' || query.data?.state === 'FAILED';
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: [...mailKeys.all, 'letters'] });
  }, [finished, queryClient]);
  return query;
}
