/** The dashboard a user lands on (SPEC §2), kept apart from user.ts's schemas so the first screen needs no zod. */
export const DEFAULT_DASHBOARDS = ['OFFICE', 'CALL_CENTER', 'CORPORATE'] as const;
export type DefaultDashboard = (typeof DEFAULT_DASHBOARDS)[number];

/** Where /dashboard lands (SPEC §2): OFFICE or unset gives the office dashboard. */
export function dashboardPathFor(defaultDashboard: DefaultDashboard | null | undefined): string {
  switch (defaultDashboard) {
    case 'CALL_CENTER':
      return '/dashboard/dashboard-call-center';
    case 'CORPORATE':
      return '/dashboard/dashboard-corporate';
    default:
      return '/dashboard/dashboard-office';
  }
}
