import type { DashboardByRequest } from '@casedesk/contract/collections/dashboard';
import {
  dashboardByCollector,
  dashboardByOffice,
  dashboardSummary,
} from '@casedesk/server/src/modules/collections/collection-dashboard.service.ts';
import type { Actor } from '@casedesk/server/src/platform/auth/actor.ts';
import type { Database } from '@casedesk/server/src/platform/db/database.ts';
import type { RouteTarget } from './load.ts';
import type { RecordedStatement, ReplayOptions } from './recorded-sql.ts';
import { installStatementRecorder } from './recorded-sql.ts';
import { scenarioActor } from './scenario-helpers.ts';
import type { Summary } from './stats.ts';
import { summarize } from './stats.ts';

export const DEFAULT_ACCOUNTS = 200_000;
export const DEFAULT_COLLECTION_PAYMENTS = 2_000_000;
/** Collectors the accounts are shared among: the seeded one and the ones added. */
const COLLECTORS = 40;
/** Days the accounts were opened over, and the payments spread over (ending today). */
const OPENED_DAYS = 900;
const PAYMENT_DAYS = 730;
const BATCH = 200_000;
const TIME_ZONE = 'America/New_York';

/** The seeded users whose dashboards are measured, one per view (SPEC §6). */
export const ROLE_EMAILS = {
  admin: 'admin@casedesk.local',
  manager: 'manager@casedesk.local',
  collector: 'collector@casedesk.local',
} as const;
export type DashboardRole = keyof typeof ROLE_EMAILS;

const WIDGET = 'POST /api/v1/collectionDashboard/widget';
const BY_OFFICE = 'POST /api/v1/collectionDashboard/byOffice';
const BY_COLLECTOR = 'POST /api/v1/collectionDashboard/byCollector';

/**
 * Adds `accounts` collection accounts over the seeded clients (statuses in the proportions a firm sees, one in
 * ten unassigned, the rest shared by 40 collectors, the seeded one among them), `payments` cash-flow entries
 * carrying them over the last two years (the account trigger keeps paid and the last payment date), and an
 * active or paused plan of twelve monthly instalments for each account on a plan. Set SQL: volume, not rules.
 */
export async function addCollectionsAtScale(
  database: Database,
  accounts: number,
  payments: number,
  log: (line: string) => void,
): Promise<void> {
  const [office] = await database.query<{ id: string }>(`select id from offices order by name limit 1`);
  await database.query(
    `insert into users (display_name, mail, role, office_id)
     select 'Bench Collector ' || g, 'bench-collector-' || g || '@casedesk.local', 'COLLECTOR', $1
       from generate_series(1, $2::int) g
     on conflict do nothing`,
    [office!.id, COLLECTORS - 1],
  );
  // Tables, not temporary ones: the pool may send each statement on another connection.
  await database.query(`create unlogged table bench_clients as
    select row_number() over () as n, id, office_id from clients where office_id is not null and merged_into_id is null`);
  await database.query(`create unlogged table bench_collectors as
    select row_number() over (order by mail) as n, id from users where role = 'COLLECTOR'`);
  const [clients] = await database.query<{ n: number }>('select count(*)::int as n from bench_clients');
  const [collectors] = await database.query<{ n: number }>('select count(*)::int as n from bench_collectors');
  for (let from = 1; from <= accounts; from += BATCH) {
    const to = Math.min(accounts, from + BATCH - 1);
    await database.query(
      `insert into collection_accounts (office_id, client_id, status, collector_id, follow_up_date, original_cents, opened_at)
       select c.office_id, c.id,
              (array['ACTIVE','ACTIVE','ACTIVE','ACTIVE','REVIEW','ESCALATION','PAYMENT_PLAN','PAYMENT_PLAN','PAID','CLOSED'])[1 + g % 10],
              k.id,
              case when g % 3 = 0 then current_date + (g % 21) - 10 end,
              10000 + (g::bigint * 7919) % 2000000,
              now() - make_interval(days => g % ${OPENED_DAYS}, hours => g % 24)
         from generate_series($1::int, $2::int) g
         join bench_clients c on c.n = 1 + (g * 31) % $3
         left join bench_collectors k on k.n = 1 + (g * 7) % $4 and g % 10 <> 5`,
      [from, to, clients!.n, collectors!.n],
    );
    log(`  ${to.toLocaleString('en-US')} accounts`);
  }
  await database.query(`create unlogged table bench_accounts as
    select row_number() over () as n, id, office_id, client_id from collection_accounts`);
  const [counted] = await database.query<{ n: number }>('select count(*)::int as n from bench_accounts');
  for (let from = 1; from <= payments; from += BATCH) {
    const to = Math.min(payments, from + BATCH - 1);
    await database.query(
      `insert into payments (office_id, client_id, payment_type, fees_cents, cost_cents, receipt_number,
                             payment_date, office_entered, entered_at, collection_account_id)
       select a.office_id, a.client_id, 'CASH', 1000 + (g::bigint * 7919) % 50000, 0, 300000000 + g,
              current_date - (g % ${PAYMENT_DAYS}), false,
              (current_date - (g % ${PAYMENT_DAYS}))::timestamptz + interval '15 hours', a.id
         from generate_series($1::int, $2::int) g
         join bench_accounts a on a.n = 1 + (g::bigint * 13) % $3`,
      [from, to, counted!.n],
    );
    log(`  ${to.toLocaleString('en-US')} payments`);
  }
  await database.query(`insert into payment_plans (account_id, status)
    select id, case when n % 10 = 0 then 'PAUSED' else 'ACTIVE' end
      from (select id, row_number() over (order by id) as n from collection_accounts a
             where status = 'PAYMENT_PLAN'
               and not exists (select 1 from payment_plans p where p.account_id = a.id and p.status in ('ACTIVE', 'PAUSED'))) x`);
  // The demo seed's plans have their versions and instalments already.
  await database.query(`insert into payment_plan_versions (plan_id, version, amount_cents, frequency, first_due_date, instalment_count)
    select id, 1, 10000, 'MONTHLY', current_date - 180, 12 from payment_plans p
     where not exists (select 1 from payment_plan_versions v where v.plan_id = p.id)`);
  await database.query(`insert into payment_plan_instalments (plan_id, version, seq, due_date, amount_cents, status)
    select p.id, 1, s, current_date - 180 + (s - 1) * 30, 10000,
           case when current_date - 180 + (s - 1) * 30 > current_date then 'DUE'
                when abs(hashtext(p.id::text) + s) % 4 = 0 then 'MISSED' else 'PAID' end
      from payment_plans p cross join generate_series(1, 12) s
     where not exists (select 1 from payment_plan_instalments i where i.plan_id = p.id)`);
  for (const table of ['bench_clients', 'bench_collectors', 'bench_accounts'])
    await database.query(`drop table ${table}`);
  for (const table of ['collection_accounts', 'payments', 'payment_plans', 'payment_plan_instalments']) {
    await database.query(`vacuum analyze ${table}`);
  }
  const [plans] = await database.query<{ n: number }>('select count(*)::int as n from payment_plans');
  log(`  ${(plans?.n ?? 0).toLocaleString('en-US')} plans of twelve instalments`);
}

/** What one role's dashboard page asks for, all at once (the page sends them together). */
interface PageRequest {
  route: typeof WIDGET | typeof BY_OFFICE | typeof BY_COLLECTOR;
  body: DashboardByRequest;
  call: (database: Database, actor: Actor) => Promise<unknown>;
}

const body = { timeZone: TIME_ZONE };
/** The requests of each role's page, as the web page sends them on opening (collection-dashboard-page.tsx). */
function pageRequests(role: DashboardRole, managerOffice: string): PageRequest[] {
  const widget: PageRequest = { route: WIDGET, body, call: (d, a) => dashboardSummary(d.db, a, body, 0) };
  const offices: PageRequest = { route: BY_OFFICE, body, call: (d, a) => dashboardByOffice(d.db, a, body, 0) };
  const collectors = (b: DashboardByRequest): PageRequest => ({
    route: BY_COLLECTOR,
    body: b,
    call: (d, a) => dashboardByCollector(d.db, a, b, 0),
  });
  if (role === 'admin') return [widget, offices, collectors(body)];
  if (role === 'manager') return [offices, collectors({ ...body, officeId: managerOffice })];
  return [collectors(body)];
}

export interface CollectionsScenario {
  /** Per role, the page's requests (route and body) and the statements each sends, for the bare SQL. */
  pages: Record<DashboardRole, { route: string; body: string; statements: RecordedStatement[] }[]>;
  recorded: Record<string, RecordedStatement[][]>;
  replay: Record<string, ReplayOptions>;
}

const targetName = (role: DashboardRole, route: string) => `${route} (${role})`;

/** Records each role's page requests through the services, for the bare SQL replayed beside the HTTP load. */
export async function buildCollectionsScenario(database: Database): Promise<CollectionsScenario> {
  const record = installStatementRecorder(database);
  const [manager] = await database.query<{ office: string }>(
    `select (p.access_levels -> 0 -> 'conditionDTO' -> 0 -> 'values' ->> 0) as office
       from permissions p join users u on u.id = p.user_id
      where u.mail = $1 and p.permission_type = 'ALL_ACCOUNTS'`,
    [ROLE_EMAILS.manager],
  );
  const pages = {} as CollectionsScenario['pages'];
  const recorded: Record<string, RecordedStatement[][]> = {};
  const replay: Record<string, ReplayOptions> = {};
  for (const role of Object.keys(ROLE_EMAILS) as DashboardRole[]) {
    const actor = await scenarioActor(database, ROLE_EMAILS[role]);
    pages[role] = [];
    for (const request of pageRequests(role, manager!.office)) {
      const statements = await record(() => request.call(database, actor));
      pages[role].push({ route: request.route, body: JSON.stringify(request.body), statements });
      const name = targetName(role, request.route);
      recorded[name] = [statements];
      // The service sends a request's three reads at once; the replay does too.
      replay[name] = { asSent: true, parallel: true };
    }
  }
  return { pages, recorded, replay };
}

/** Each page request as a route of its own, loaded by one connection as its role's user. */
export function collectionsScenarioTargets(scenario: CollectionsScenario): RouteTarget[] {
  return (Object.keys(scenario.pages) as DashboardRole[]).flatMap((role) =>
    scenario.pages[role].map((request) => ({
      name: targetName(role, request.route),
      method: 'POST' as const,
      path: `${request.route.replace('POST ', '')}?offsetHours=0`,
      body: request.body,
      connections: 1,
      email: ROLE_EMAILS[role],
    })),
  );
}

export interface DashboardPageTiming {
  role: DashboardRole;
  requests: number;
  /** The page's requests sent together over HTTP, until the last answer: what the user waits for. */
  http: Summary;
  /** The same requests' recorded statements sent together straight to the driver, as the services send them. */
  bareSql: Summary;
}

const PAGE_WARM_UP = 3;
const PAGE_ROUNDS = 60;

/**
 * The budget's figure: one role's whole dashboard (all its widgets), its requests sent at once as the page
 * sends them, one page after another; and beside it the bare SQL of the same requests, replayed the same way.
 */
export async function measureDashboardPages(
  baseUrl: string,
  tokens: Record<DashboardRole, string>,
  scenario: CollectionsScenario,
  bareDatabase: Database,
): Promise<DashboardPageTiming[]> {
  const pool = (bareDatabase.db as unknown as { $client: { query(text: string, values: unknown[]): Promise<unknown> } })
    .$client;
  const results: DashboardPageTiming[] = [];
  for (const role of Object.keys(scenario.pages) as DashboardRole[]) {
    const requests = scenario.pages[role];
    const headers = { authorization: `Bearer ${tokens[role]}`, 'content-type': 'application/json' };
    const http: number[] = [];
    for (let round = 0; round < PAGE_WARM_UP + PAGE_ROUNDS; round++) {
      const started = performance.now();
      await Promise.all(
        requests.map(async (r) => {
          const res = await fetch(`${baseUrl}${r.route.replace('POST ', '')}?offsetHours=0`, {
            method: 'POST',
            headers,
            body: r.body,
          });
          if (!res.ok) throw new Error(`${r.route} as ${role}: ${res.status} ${await res.text()}`);
          await res.arrayBuffer();
        }),
      );
      if (round >= PAGE_WARM_UP) http.push(performance.now() - started);
    }
    const bare: number[] = [];
    for (let round = 0; round < PAGE_WARM_UP + PAGE_ROUNDS; round++) {
      const started = performance.now();
      await Promise.all(requests.flatMap((r) => r.statements.map(({ text, params }) => pool.query(text, params))));
      if (round >= PAGE_WARM_UP) bare.push(performance.now() - started);
    }
    results.push({ role, requests: requests.length, http: summarize(http), bareSql: summarize(bare) });
  }
  return results;
}
