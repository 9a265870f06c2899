import { queryOptions, useQuery } from '@tanstack/react-query';
import type { dashboardAccessSchema } from '@casedesk/contract/collections/dashboard';
import { apiRequest } from '@/lib/api-client.ts';

export const collectionDashboardKeys = {
  all: ['collectionDashboard'] as const,
  view: () => [...collectionDashboardKeys.all, 'mine'] as const,
  summary: (timeZone: string) => [...collectionDashboardKeys.all, 'widget', timeZone] as const,
  byOffice: (timeZone: string, officeId?: string) =>
    [...collectionDashboardKeys.all, 'byOffice', timeZone, officeId ?? null] as const,
  byCollector: (timeZone: string, officeId?: string) =>
    [...collectionDashboardKeys.all, 'byCollector', timeZone, officeId ?? null] as const,
};

/** GET /api/v1/collectionDashboard/mine: which dashboard the signed-in user gets (SPEC §6). */
export function collectionDashboardViewQueryOptions() {
  return queryOptions({
    queryKey: collectionDashboardKeys.view(),
    queryFn: ({ signal }) => apiRequest<typeof dashboardAccessSchema>('/api/v1/collectionDashboard/mine', { signal }),
  });
}

export function useCollectionDashboardView() {
  return useQuery(collectionDashboardViewQueryOptions());
}

/** The browser's IANA zone: the dashboard's days and months are the user's own (DESIGN §3). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
