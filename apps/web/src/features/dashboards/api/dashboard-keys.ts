import type { Drill } from '@casedesk/contract/dashboards/dashboard';
import type { DashboardKind } from '@casedesk/contract/dashboards/dashboard-kinds';

/** The dashboards module's query keys: a live refresh invalidates one dashboard, never the drill-downs open. */
export const dashboardKeys = {
  all: ['dashboards'] as const,
  mine: () => [...dashboardKeys.all, 'mine'] as const,
  dashboard: (kind: DashboardKind, timeZone: string, officeId: string | null) =>
    [...dashboardKeys.all, 'dashboard', kind, timeZone, officeId] as const,
  dashboardsOf: (kind: DashboardKind) => [...dashboardKeys.all, 'dashboard', kind] as const,
  rows: (drill: Drill, timeZone: string, pageNumber: number, pageSize: number) =>
    [...dashboardKeys.all, 'rows', drill, timeZone, pageNumber, pageSize] as const,
};

/** The browser's IANA zone, sent by name: the dashboard's days and months are the user's own (DESIGN §3). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
