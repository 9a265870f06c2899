import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CollectionReportRequestInput, collectionReportSchema } from '@casedesk/contract/collections/report';
import { apiRequest } from '@/lib/api-client.ts';

/** Shown in the page itself: a range or grouping the server refuses (400, with its words). */
const HANDLED = [400] as const;

/** POST /api/v1/collectionAccount/report?offsetHours (SPEC §7 collectionAccount report). */
export function collectionReportQueryOptions(request: CollectionReportRequestInput) {
  return queryOptions({
    queryKey: ['collectionReport', request],
    queryFn: ({ signal }) =>
      apiRequest<typeof collectionReportSchema>('/api/v1/collectionAccount/report', {
        method: 'POST',
        body: request,
        withOffsetHours: true,
        handledStatuses: HANDLED,
        signal,
      }),
  });
}

export function useCollectionReport(request: CollectionReportRequestInput) {
  return useQuery({ ...collectionReportQueryOptions(request), placeholderData: keepPreviousData });
}
