import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { dashboardSchema } from '@casedesk/contract/dashboards/dashboard';
import type { DashboardKind } from '@casedesk/contract/dashboards/dashboard-kinds';
import { apiRequest } from '@/lib/api-client.ts';
import { dashboardKeys } from './dashboard-keys.ts';

/** Without a live event the figures still move (an ongoing call ages past its hour, a payment is entered). */
const POLL_MS: Record<DashboardKind, number> = { CALL_CENTER: 30_000, OFFICE: 60_000, CORPORATE: 120_000 };

/**
 * POST /api/v1/dashboard/{callCenter,office,corporate} (query offsetHours, SPEC §7; body the browser's zone by
 * name and, to narrow the figures, one office). Each path is written out so the one-owner check reads it.
 */
export function dashboardQueryOptions(kind: DashboardKind, timeZone: string, officeId: string | null) {
  return queryOptions({
    queryKey: dashboardKeys.dashboard(kind, timeZone, officeId),
    queryFn: ({ signal }) => {
      const body = { timeZone, ...(officeId ? { officeId } : {}) };
      if (kind === 'CALL_CENTER') {
        return apiRequest<typeof dashboardSchema>('/api/v1/dashboard/callCenter', {
          method: 'POST',
          body,
          withOffsetHours: true,
          signal,
        });
      }
      if (kind === 'OFFICE') {
        return apiRequest<typeof dashboardSchema>('/api/v1/dashboard/office', {
          method: 'POST',
          body,
          withOffsetHours: true,
          signal,
        });
      }
      return apiRequest<typeof dashboardSchema>('/api/v1/dashboard/corporate', {
        method: 'POST',
        body,
        withOffsetHours: true,
        signal,
      });
    },
  });
}

export function useDashboard(kind: DashboardKind, timeZone: string, officeId: string | null) {
  return useQuery({
    ...dashboardQueryOptions(kind, timeZone, officeId),
    // Another office's figures load over the ones on screen instead of blanking the page.
    placeholderData: keepPreviousData,
    refetchInterval: POLL_MS[kind],
  });
}
