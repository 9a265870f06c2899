import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { attributionReportSchema, AttributionRequestInput } from '@casedesk/contract/marketing/attribution';
import { apiRequest } from '@/lib/api-client.ts';
import { marketingKeys } from './marketing-keys.ts';

/** POST /api/v1/dnis/attribution: calls, leads, signed cases and cost per source and month. */
export function getAttribution(request: AttributionRequestInput, signal?: AbortSignal) {
  return apiRequest<typeof attributionReportSchema>('/api/v1/dnis/attribution', {
    method: 'POST',
    body: request,
    signal,
  });
}

export function attributionQueryOptions(request: AttributionRequestInput) {
  return queryOptions({
    queryKey: marketingKeys.attribution(request),
    queryFn: ({ signal }) => getAttribution(request, signal),
  });
}

export function useAttribution(request: AttributionRequestInput, enabled = true) {
  return useQuery({ ...attributionQueryOptions(request), enabled, placeholderData: keepPreviousData });
}
