import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Drill, drillRowsSchema } from '@casedesk/contract/dashboards/dashboard';
import { apiRequest } from '@/lib/api-client.ts';
import { dashboardKeys } from './dashboard-keys.ts';

/** POST /api/v1/dashboard/rows (query offsetHours): one page of the rows behind a figure or a point. */
export function drillRowsQueryOptions(drill: Drill, timeZone: string, pageNumber: number, pageSize: number) {
  return queryOptions({
    queryKey: dashboardKeys.rows(drill, timeZone, pageNumber, pageSize),
    queryFn: ({ signal }) =>
      apiRequest<typeof drillRowsSchema>('/api/v1/dashboard/rows', {
        method: 'POST',
        body: { drill, timeZone, pageNumber, pageSize },
        withOffsetHours: true,
        signal,
      }),
  });
}

export function useDrillRows(drill: Drill, timeZone: string, pageNumber: number, pageSize: number) {
  return useQuery({
    ...drillRowsQueryOptions(drill, timeZone, pageNumber, pageSize),
    placeholderData: keepPreviousData,
  });
}
