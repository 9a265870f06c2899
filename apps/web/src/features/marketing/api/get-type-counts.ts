import { queryOptions, useQuery } from '@tanstack/react-query';
import type { trackingLineTypeCountsSchema } from '@casedesk/contract/marketing/tracking-line';
import { apiRequest } from '@/lib/api-client.ts';
import { marketingKeys } from './marketing-keys.ts';

/** GET /api/v1/dnis/typeCounts: active lines per type. */
export function getTypeCounts(signal?: AbortSignal) {
  return apiRequest<typeof trackingLineTypeCountsSchema>('/api/v1/dnis/typeCounts', { signal });
}

export function typeCountsQueryOptions() {
  return queryOptions({ queryKey: marketingKeys.typeCounts(), queryFn: ({ signal }) => getTypeCounts(signal) });
}

export function useTypeCounts() {
  return useQuery(typeCountsQueryOptions());
}
