import type { DashboardKind } from '@casedesk/contract/dashboards/dashboard-kinds';
import { dashboardRequestSchema } from '@casedesk/contract/dashboards/dashboard';
import { dashboardOf } from '@casedesk/server/src/modules/dashboards/dashboard.service.ts';
import type { Database } from '@casedesk/server/src/platform/db/database.ts';
import type { RouteTarget } from './load.ts';
import type { RecordedStatement, ReplayOptions } from './recorded-sql.ts';
import { installStatementRecorder } from './recorded-sql.ts';
import { scenarioActor } from './scenario-helpers.ts';

/** The zone the dashboards are asked in: the demo offices' (the browser of someone working there). */
export const DASHBOARD_TIME_ZONE = 'America/Los_Angeles';

/**
 * Who opens each dashboard, how many of them at once, and the budget (p95, PostgreSQL, a year of 5,000,000
 * calls, 1,000,000 appointments and 1,000,000 payments). The budgets name no concurrency; these are the
 * people who open it together at the start of a shift (operators on the call-centre wallboard, the managers of
 * the offices, the partners), each sending the request again as soon as the last answered (closed loop).
 */
export const DASHBOARDS: Record<
  DashboardKind,
  { route: string; path: string; email: string; who: string; users: number; budgetMs: number }
> = {
  CALL_CENTER: {
    route: 'POST /api/v1/dashboard/callCenter',
    path: '/api/v1/dashboard/callCenter',
    email: 'operator@casedesk.local',
    who: 'operators',
    users: 5,
    budgetMs: 200,
  },
  OFFICE: {
    route: 'POST /api/v1/dashboard/office',
    path: '/api/v1/dashboard/office',
    email: 'manager@casedesk.local',
    who: 'managers',
    users: 3,
    budgetMs: 500,
  },
  CORPORATE: {
    route: 'POST /api/v1/dashboard/corporate',
    path: '/api/v1/dashboard/corporate',
    email: 'admin@casedesk.local',
    who: 'administrators',
    users: 2,
    budgetMs: 500,
  },
};
export const DASHBOARD_KIND_LIST = Object.keys(DASHBOARDS) as DashboardKind[];

export const dashboardTargetName = (kind: DashboardKind): string =>
  `${DASHBOARDS[kind].route} (${DASHBOARDS[kind].users} ${DASHBOARDS[kind].who} at once)`;

export interface DashboardsScenario {
  /** Per dashboard, the bodies its users send in turn. */
  bodies: Record<DashboardKind, string[]>;
  recorded: Record<string, RecordedStatement[][]>;
  replay: Record<string, ReplayOptions>;
}

/** The office ids a manager's dashboard permission reaches (its OFFICE condition), for one office at a time. */
async function managerOffices(database: Database, email: string): Promise<string[]> {
  const rows = await database.query<{ values: string[] | null }>(
    `select (p.access_levels -> 0 -> 'conditionDTO' -> 0 -> 'values') as values
       from permissions p join users u on u.id = p.user_id
      where u.mail = $1 and p.permission_type = 'DASHBOARD_OFFICE'`,
    [email],
  );
  return rows[0]?.values ?? [];
}

/**
 * Bodies as the screens send them (the browser's zone; the office dashboard of all the manager's offices and
 * of each one, as the office picker asks), and each body's statements recorded through the service, for the
 * bare SQL replayed beside the load. Call before any other service call on `database`.
 */
export async function buildDashboardsScenario(database: Database): Promise<DashboardsScenario> {
  const record = installStatementRecorder(database);
  const zone = { timeZone: DASHBOARD_TIME_ZONE };
  const offices = await managerOffices(database, DASHBOARDS.OFFICE.email);
  const bodies: Record<DashboardKind, string[]> = {
    CALL_CENTER: [JSON.stringify(zone)],
    OFFICE: [zone, ...offices.map((officeId) => ({ ...zone, officeId }))].map((b) => JSON.stringify(b)),
    CORPORATE: [JSON.stringify(zone)],
  };
  const recorded: Record<string, RecordedStatement[][]> = {};
  const replay: Record<string, ReplayOptions> = {};
  for (const kind of DASHBOARD_KIND_LIST) {
    const actor = await scenarioActor(database, DASHBOARDS[kind].email);
    const name = dashboardTargetName(kind);
    recorded[name] = [];
    for (const body of bodies[kind]) {
      const request = dashboardRequestSchema.parse(JSON.parse(body));
      const call = { database, actor, offsetHours: 0, now: new Date() };
      recorded[name].push(await record(() => dashboardOf(call, kind, request)));
    }
    // The service reads the offices in scope, then counts every figure at once (Promise.all); the replay sends
    // them all at once, which can only make the bare SQL faster, so the ratio errs against the route.
    replay[name] = { asSent: true, parallel: true };
  }
  return { bodies, recorded, replay };
}

export function dashboardsScenarioTargets(scenario: DashboardsScenario): RouteTarget[] {
  return DASHBOARD_KIND_LIST.map((kind) => ({
    name: dashboardTargetName(kind),
    method: 'POST' as const,
    path: `${DASHBOARDS[kind].path}?offsetHours=0`,
    bodies: scenario.bodies[kind],
    connections: DASHBOARDS[kind].users,
    email: DASHBOARDS[kind].email,
    // Seconds a request over a year of rows: a minute gives its p95 a few dozen requests.
    ...(kind === 'CORPORATE' ? { minDuration: 60 } : {}),
  }));
}
