/** The three landing dashboards (dashboard.ts has their shape); apart from it, the first screen needs no zod. */
export const DASHBOARD_KINDS = ['CALL_CENTER', 'OFFICE', 'CORPORATE'] as const;
export type DashboardKind = (typeof DASHBOARD_KINDS)[number];

/** Live figures refresh at most this often; socket events in between are batched into one refetch. */
export const DASHBOARD_LIVE_REFRESH_MS = 5_000;
