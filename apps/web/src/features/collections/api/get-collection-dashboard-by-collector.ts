import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { dashboardByCollectorSchema } from '@casedesk/contract/collections/dashboard';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionDashboardKeys } from './get-collection-dashboard-view.ts';

/** POST /api/v1/collectionDashboard/byCollector: a collector's own figures, or every collector's for the dashboard's readers. */
export function collectionDashboardByCollectorQueryOptions(timeZone: string, officeId?: string) {
  return queryOptions({
    queryKey: collectionDashboardKeys.byCollector(timeZone, officeId),
    queryFn: ({ signal }) =>
      apiRequest<typeof dashboardByCollectorSchema>('/api/v1/collectionDashboard/byCollector', {
        method: 'POST',
        body: { timeZone, ...(officeId ? { officeId } : {}) },
        withOffsetHours: true,
        signal,
      }),
  });
}

export function useCollectionDashboardByCollector(timeZone: string, officeId?: string, enabled = true) {
  return useQuery({
    ...collectionDashboardByCollectorQueryOptions(timeZone, officeId),
    enabled,
    placeholderData: keepPreviousData,
  });
}
