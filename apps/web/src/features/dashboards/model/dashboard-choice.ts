import type { DashboardKind } from '@casedesk/contract/dashboards/dashboard-kinds';
import { DASHBOARD_KINDS } from '@casedesk/contract/dashboards/dashboard-kinds';
import type { DefaultDashboard } from '@casedesk/contract/users/default-dashboard';

export const DASHBOARD_TITLES: Record<DashboardKind, string> = {
  CALL_CENTER: 'Call center dashboard',
  OFFICE: 'Office dashboard',
  CORPORATE: 'Corporate dashboard',
};

export const DASHBOARD_SHORT_LABELS: Record<DashboardKind, string> = {
  CALL_CENTER: 'Call center',
  OFFICE: 'Office',
  CORPORATE: 'Corporate',
};

/** SPEC §2: /dashboard follows defaultDashboard; OFFICE or unset gives the office dashboard. */
export function landingOf(defaultDashboard: DefaultDashboard | null | undefined): DashboardKind {
  return defaultDashboard ?? 'OFFICE';
}

export interface DashboardChoice {
  /** The dashboards offered by the switcher, in menu order; only those the user may open. */
  options: DashboardKind[];
  /** The dashboard /dashboard opens for this user. */
  landing: DashboardKind;
  /** The one on screen is already their landing one: nothing to store. */
  currentIsLanding: boolean;
  /** Offer "make this my dashboard": the one on screen is another one they may open. */
  canMakeDefault: boolean;
}

/**
 * What the switcher offers on `current`: the user's dashboards (the server's `available`, in SPEC §2 menu order:
 * call center, office, corporate) and whether the one on screen can become their landing one.
 */
export function dashboardChoice(
  available: readonly DashboardKind[],
  current: DashboardKind,
  defaultDashboard: DefaultDashboard | null | undefined,
): DashboardChoice {
  const options = DASHBOARD_KINDS.filter((kind) => available.includes(kind));
  const landing = landingOf(defaultDashboard);
  const currentIsLanding = current === landing;
  return { options, landing, currentIsLanding, canMakeDefault: !currentIsLanding && options.includes(current) };
}
