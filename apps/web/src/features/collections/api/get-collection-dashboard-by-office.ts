import { queryOptions, useQuery } from '@tanstack/react-query';
import type { dashboardByOfficeSchema } from '@casedesk/contract/collections/dashboard';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionDashboardKeys } from './get-collection-dashboard-view.ts';

/** POST /api/v1/collectionDashboard/byOffice: the figures per office of the caller's (MANAGER role condition). */
export function collectionDashboardByOfficeQueryOptions(timeZone: string, officeId?: string) {
  return queryOptions({
    queryKey: collectionDashboardKeys.byOffice(timeZone, officeId),
    queryFn: ({ signal }) =>
      apiRequest<typeof dashboardByOfficeSchema>('/api/v1/collectionDashboard/byOffice', {
        method: 'POST',
        body: { timeZone, ...(officeId ? { officeId } : {}) },
        withOffsetHours: true,
        signal,
      }),
  });
}

export function useCollectionDashboardByOffice(timeZone: string, enabled = true) {
  return useQuery({ ...collectionDashboardByOfficeQueryOptions(timeZone), enabled });
}
