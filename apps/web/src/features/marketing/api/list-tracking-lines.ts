import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TrackingLineListRequestInput, trackingLineListSchema } from '@casedesk/contract/marketing/tracking-line';
import { apiRequest } from '@/lib/api-client.ts';
import { marketingKeys } from './marketing-keys.ts';

/** POST /api/v1/dnis/all: a page of tracking lines with their latest mapping. */
export function listTrackingLines(request: TrackingLineListRequestInput, signal?: AbortSignal) {
  return apiRequest<typeof trackingLineListSchema>('/api/v1/dnis/all', { method: 'POST', body: request, signal });
}

export function trackingLinesQueryOptions(request: TrackingLineListRequestInput) {
  return queryOptions({
    queryKey: marketingKeys.lineList(request),
    queryFn: ({ signal }) => listTrackingLines(request, signal),
  });
}

export function useTrackingLines(request: TrackingLineListRequestInput) {
  return useQuery({ ...trackingLinesQueryOptions(request), placeholderData: keepPreviousData });
}
