import { queryOptions, useQuery } from '@tanstack/react-query';
import type { myDashboardsSchema } from '@casedesk/contract/dashboards/dashboard';
import { apiRequest } from '@/lib/api-client.ts';
import { dashboardKeys } from './dashboard-keys.ts';

/** GET /api/v1/dashboard/mine: the dashboards the caller may open (SPEC §6 DASHBOARD_*), and their landing. */
export function myDashboardsQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.mine(),
    queryFn: ({ signal }) => apiRequest<typeof myDashboardsSchema>('/api/v1/dashboard/mine', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useMyDashboards() {
  return useQuery(myDashboardsQueryOptions());
}
