import { queryOptions, useQuery } from '@tanstack/react-query';
import type { dashboardSummarySchema } from '@casedesk/contract/collections/dashboard';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionDashboardKeys } from './get-collection-dashboard-view.ts';

/** POST /api/v1/collectionDashboard/widget: the collection summary (ADMIN role condition). */
export function collectionDashboardSummaryQueryOptions(timeZone: string) {
  return queryOptions({
    queryKey: collectionDashboardKeys.summary(timeZone),
    queryFn: ({ signal }) =>
      apiRequest<typeof dashboardSummarySchema>('/api/v1/collectionDashboard/widget', {
        method: 'POST',
        body: { timeZone },
        withOffsetHours: true,
        signal,
      }),
  });
}

export function useCollectionDashboardSummary(timeZone: string, enabled = true) {
  return useQuery({ ...collectionDashboardSummaryQueryOptions(timeZone), enabled });
}
