import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { timelineSchema } from '@casedesk/contract/collections/account';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionKeys } from './collection-keys.ts';

/** Items per request; "Load more" asks for the next ones before the oldest shown. */
export const TIMELINE_PAGE_SIZE = 50;

/** POST /api/v1/collectionAccount/timeline: the account's activity, newest first, before an instant. */
export function getAccountTimeline(accountId: string, before: string | undefined, signal?: AbortSignal) {
  return apiRequest<typeof timelineSchema>('/api/v1/collectionAccount/timeline', {
    method: 'POST',
    body: { accountId, limit: TIMELINE_PAGE_SIZE, ...(before ? { before } : {}) },
    signal,
  });
}

export function accountTimelineQueryOptions(accountId: string) {
  return infiniteQueryOptions({
    queryKey: collectionKeys.timeline(accountId),
    queryFn: ({ pageParam, signal }) => getAccountTimeline(accountId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.items.at(-1)?.at : undefined),
  });
}

export function useAccountTimeline(accountId: string) {
  return useInfiniteQuery(accountTimelineQueryOptions(accountId));
}
