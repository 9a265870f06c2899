import type { AccessType, PermissionType, RecordAttributes } from '@casedesk/contract/access/permissions';
import type { Condition, Permission } from '@casedesk/contract/access/permission-schemas';
import {
  ACCESS_TYPES,
  allowsRecord,
  applyRoleConditions,
  hasAccess,
  PERMISSION_TYPES,
  scopeOf,
} from '@casedesk/contract/access/permissions';
import { whoCanSeeRequestSchema } from '@casedesk/contract/access/access-admin';
import { attributionRequestSchema } from '@casedesk/contract/marketing/attribution';
import { whoCanSee } from '@casedesk/server/src/modules/access/access-explain.service.ts';
import { attributionReport } from '@casedesk/server/src/modules/marketing/attribution.service.ts';
import { DEMO_TRACKING_LINES } from '@casedesk/server/src/modules/marketing/marketing.seed-data.ts';
import type { Database } from '@casedesk/server/src/platform/db/database.ts';
import {
  adminPermissions,
  attorneyPermissions,
  collectorPermissions,
  managerPermissions,
  operatorPermissions,
} from '@casedesk/server/src/seed/permission-profiles.ts';
import type { RouteTarget } from './load.ts';
import type { RecordedStatement, ReplayOptions } from './recorded-sql.ts';
import { installStatementRecorder } from './recorded-sql.ts';
import { monthBack, scenarioActor } from './scenario-helpers.ts';
import type { Summary } from './stats.ts';
import { summarize } from './stats.ts';

export const WHO_CAN_SEE_ROUTE = 'POST /api/v1/accessControl/whoCanSee';
export const ATTRIBUTION_ROUTE = 'POST /api/v1/dnis/attribution';
export const DEFAULT_USERS = 5000;
export const DEFAULT_CALLS = 5_000_000;
/**
 * Neither budget names a concurrency: each is the time an administrator or a marketer waits for one answer,
 * so both routes are loaded one request at a time (as the availability drawer is), and their bare SQL too.
 */
export const ADMIN_SCENARIO_CONNECTIONS = 1;

// ─── The permission decision, in process ────────────────────────────────────────────────────────────────

const DECISION_ITERATIONS = 200_000;
const DECISION_WARM_UP = 20_000;

export interface DecisionTiming {
  profile: string;
  decision: string;
  /** Microseconds per decision (the figures are too small for milliseconds). */
  microseconds: Summary;
}

/** Every (type, access) a route may ask for, in turn, so a decision is not measured on one cached lookup. */
const REQUIREMENTS: [PermissionType, AccessType][] = PERMISSION_TYPES.flatMap((type) =>
  ACCESS_TYPES.map((access) => [type, access] as [PermissionType, AccessType]),
);

function timeDecision(run: (i: number) => unknown): Summary {
  const samples: number[] = [];
  let sink = 0;
  for (let i = 0; i < DECISION_WARM_UP + DECISION_ITERATIONS; i++) {
    const started = performance.now();
    if (run(i)) sink++;
    const elapsed = performance.now() - started;
    if (i >= DECISION_WARM_UP) samples.push(elapsed * 1000);
  }
  // Keeps the calls observable, so no engine can drop them.
  if (sink < 0) console.log(sink);
  return summarize(samples);
}

/**
 * The decision work one request does, pure CPU, on the seeded admin, manager and operator permission sets:
 * the caller's role conditions applied (resolving the caller; cached 5 s by the server, counted here all the
 * same), the route gate (hasAccess), a list's office scope (scopeOf) and one record's check (allowsRecord),
 * each timed alone and then all four together as one request.
 */
export function measurePermissionDecisions(officeIds: string[]): DecisionTiming[] {
  const profiles: [string, string, Permission[]][] = [
    ['admin', 'ADMIN', adminPermissions()],
    ['manager', 'MANAGER', managerPermissions(officeIds.slice(0, 2))],
    ['operator', 'OPERATOR', operatorPermissions()],
  ];
  const record = (i: number): RecordAttributes => ({ OFFICE: officeIds[i % officeIds.length]! });
  const requirement = (i: number) => REQUIREMENTS[i % REQUIREMENTS.length]!;
  const results: DecisionTiming[] = [];
  for (const [profile, role, stored] of profiles) {
    const applied = applyRoleConditions(stored, role);
    const decisions: [string, (i: number) => unknown][] = [
      ['applyRoleConditions', () => applyRoleConditions(stored, role)],
      ['hasAccess', (i) => hasAccess(applied, ...requirement(i))],
      ['scopeOf (OFFICE)', (i) => scopeOf(applied, ...requirement(i), 'OFFICE')],
      ['allowsRecord (OFFICE)', (i) => allowsRecord(applied, ...requirement(i), record(i))],
      [
        'one request: all four',
        (i) => {
          const permissions = applyRoleConditions(stored, role);
          const [type, access] = requirement(i);
          return (
            hasAccess(permissions, type, access) &&
            scopeOf(permissions, type, access, 'OFFICE').kind !== 'none' &&
            allowsRecord(permissions, type, access, record(i))
          );
        },
      ],
    ];
    for (const [decision, run] of decisions) {
      results.push({ profile, decision, microseconds: timeDecision(run) });
    }
  }
  return results;
}

// ─── Users at scale ─────────────────────────────────────────────────────────────────────────────────────

const FIRST_NAMES = ['Ana', 'Ben', 'Carla', 'Diego', 'Elena', 'Frank', 'Grace', 'Hugo', 'Iris', 'Jon', 'Kim', 'Luis'];
const LAST_NAMES = ['Alvarez', 'Brown', 'Chen', 'Diaz', 'Evans', 'Flores', 'Garcia', 'Hall', 'Ito', 'Jones', 'Khan'];

const officeCondition = (officeIds: string[]): Condition => ({
  conditionType: 'OFFICE',
  relationType: 'EQUALS',
  values: officeIds,
});

/** An office operator: the call-centre operator's access, its leads, calls, appointments and clients in one office. */
function officeOperatorPermissions(officeId: string): Permission[] {
  const bound: PermissionType[] = ['LEADS', 'CALLS', 'APPOINTMENT_SET', 'ALL_APPOINTMENTS', 'CLIENT_PROFILE'];
  return operatorPermissions().map((p) =>
    bound.includes(p.permissionType)
      ? {
          ...p,
          accessLevelDTO: p.accessLevelDTO.map((l) => ({
            ...l,
            conditionDTO: [...l.conditionDTO, officeCondition([officeId])],
          })),
        }
      : p,
  );
}

/**
 * The mix of a firm's staff, by share out of 100: most are operators (some bound to one office), then
 * office managers (one to three offices), attorneys, collectors and a few administrators; one in twenty
 * accounts is disabled.
 */
function userOf(n: number, officeIds: string[]): { role: string; officeId: string; permissions: Permission[] } {
  const office = (k: number) => officeIds[k % officeIds.length]!;
  const share = n % 100;
  if (share < 3) return { role: 'ADMIN', officeId: office(n), permissions: adminPermissions() };
  if (share < 18) {
    const count = 1 + (n % 3);
    const ids = Array.from({ length: count }, (_, k) => office(n + k));
    return { role: 'MANAGER', officeId: ids[0]!, permissions: managerPermissions(ids) };
  }
  if (share < 30) return { role: 'ATTORNEY', officeId: office(n), permissions: attorneyPermissions(office(n)) };
  if (share < 40) return { role: 'COLLECTOR', officeId: office(n), permissions: collectorPermissions(office(n)) };
  if (share < 60) return { role: 'OPERATOR', officeId: office(n), permissions: officeOperatorPermissions(office(n)) };
  return { role: 'OPERATOR', officeId: office(n), permissions: operatorPermissions() };
}

/**
 * Brings the users up to `total`, each with a seeded profile's permissions (userOf), in two set statements
 * (users, then their permission rows) fed by arrays.
 */
export async function addUsersAtScale(database: Database, total: number): Promise<number> {
  const [{ count }] = (await database.query<{ count: string }>('select count(*) from users')) as [{ count: string }];
  const missing = total - Number(count);
  if (missing <= 0) return 0;
  const officeIds = (await database.query<{ id: string }>('select id from offices order by name')).map((r) => r.id);
  const ids: string[] = [];
  const names: string[] = [];
  const mails: string[] = [];
  const roles: string[] = [];
  const offices: string[] = [];
  const enabled: boolean[] = [];
  const permUsers: string[] = [];
  const permTypes: string[] = [];
  const permLevels: string[] = [];
  for (let n = 0; n < missing; n++) {
    const user = userOf(n, officeIds);
    const id = crypto.randomUUID();
    ids.push(id);
    names.push(`${FIRST_NAMES[n % FIRST_NAMES.length]} ${LAST_NAMES[(n * 7) % LAST_NAMES.length]} ${n}`);
    mails.push(`bench.user.${n}@casedesk.local`);
    roles.push(user.role);
    offices.push(user.officeId);
    enabled.push(n % 20 !== 19);
    for (const permission of user.permissions) {
      permUsers.push(id);
      permTypes.push(permission.permissionType);
      permLevels.push(JSON.stringify(permission.accessLevelDTO));
    }
  }
  await database.query(
    `insert into users (id, display_name, mail, role, office_id, account_enabled)
     select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::uuid[], $6::boolean[])`,
    [ids, names, mails, roles, offices, enabled],
  );
  await database.query(
    `insert into permissions (user_id, permission_type, access_levels)
     select * from unnest($1::uuid[], $2::text[], $3::jsonb[])`,
    [permUsers, permTypes, permLevels],
  );
  await database.query('vacuum analyze users');
  await database.query('vacuum analyze permissions');
  return missing;
}

// ─── Calls at scale ─────────────────────────────────────────────────────────────────────────────────────

const LINES = 200;
/** Each line is remapped (a new source from a date on) every this many months, starting three years back. */
const REMAP_MONTHS = 6;
const MAPPING_YEARS = 3;
/** Calls spread over the last two years, so a 12-month report also looks back a year for first touches. */
const CALL_DAYS = 730;
/** Distinct callers: most call once or twice, as callers do. */
const CALLERS = 1_500_000;
/** Inquiries added for the calls: about one per ten calls; two in five inbound calls belong to one. */
const CALLS_PER_INQUIRY = 10;
const CHUNK = 500_000;
const SOURCES = [
  ...new Set(DEMO_TRACKING_LINES.map((l) => l.source)),
  'Yelp',
  'Bing Ads',
  'Instagram',
  'TikTok',
  'YouTube',
  'Referral site',
  'Bus shelters',
  'Podcast',
  'Newspaper',
  'Direct mail',
  'Radio – KFI',
  'Radio – KROQ',
  'TV – Cable',
  'Billboard I-5',
  'Billboard 405',
  'Nextdoor',
  'Waze',
  'Spotify',
  'Hulu',
];

export interface CallsAtScaleOptions {
  /** Days back the calls and their inquiries spread over, ending now (default two years). */
  days?: number;
  /**
   * Call-centre outcomes (the dashboards scenario): each call and inquiry has one of the operators, one inbound
   * call in eleven went unanswered ('no-answer') and one in twenty-three was 'busy' (duration 0), and a quarter
   * of the last twenty minutes' calls are still 'in-progress' (no duration yet). Off, every call is 'completed'
   * with no operator.
   */
  outcomes?: boolean;
}

/**
 * `total` calls over the last two years on LINES tracking lines, each remapped every REMAP_MONTHS months
 * (so attribution reads the version in force at each call), with a new inquiry per CALLS_PER_INQUIRY calls,
 * in set SQL: one statement per chunk of calls, as the seeds write at scale.
 */
export async function addCallsAtScale(
  database: Database,
  total: number,
  log: (line: string) => void,
  { days = CALL_DAYS, outcomes = false }: CallsAtScaleOptions = {},
): Promise<number> {
  if (total === 0) return 0;
  // The operators calls and inquiries are given to (outcomes), or none: an empty array gives every row null.
  const operators = outcomes
    ? (
        await database.query<{ id: string }>(
          `select id from users where role = 'OPERATOR' and account_enabled order by mail`,
        )
      ).map((r) => r.id)
    : [];
  await database.query(
    `insert into tracking_lines (dnis, created_at)
     select '877' || lpad(k::text, 7, '0'), now() - interval '${MAPPING_YEARS} years'
     from generate_series(1, ${LINES}) k`,
  );
  const versions = (MAPPING_YEARS * 12) / REMAP_MONTHS;
  await database.query(
    `with line_list as (
       select id, row_number() over (order by dnis) as k from tracking_lines where dnis like '877%'
     ), office_list as (select array_agg(id order by name) as ids from offices),
     versions as (
       select l.id, l.k, v,
              date_trunc('month', now()) - interval '${MAPPING_YEARS} years'
                + v * interval '${REMAP_MONTHS} months' + (l.k % ${REMAP_MONTHS}) * interval '1 month' as from_at
       from line_list l cross join generate_series(0, ${versions} - 1) v
     )
     insert into tracking_line_mappings
       (tracking_line_id, source, campaign, type, point_to_office_id, office_id, effective_from, effective_to)
     select id, ($1::text[])[1 + (k + v) % array_length($1::text[], 1)], 'Bench campaign ' || v, 'OTHER',
            ids[1 + k % array_length(ids, 1)], ids[1 + k % array_length(ids, 1)], from_at,
            case when v < ${versions} - 1 then from_at + interval '${REMAP_MONTHS} months' end
     from versions, office_list`,
    [SOURCES],
  );
  const inquiries = Math.max(1, Math.round(total / CALLS_PER_INQUIRY));
  log(`  ${LINES} tracking lines with ${versions} mapping versions each; ${inquiries} inquiries…`);
  await database.query(
    `with client_list as (select array_agg(id) as ids from clients),
     office_list as (select array_agg(id order by name) as ids from offices)
     insert into inquiries (client_id, office_id, source, created_at, created_by_id, lead_owner_id)
     select c.ids[(1 + (g * 7919) % array_length(c.ids, 1))::int], o.ids[(1 + g % array_length(o.ids, 1))::int], 'Bench',
            now() - ((g * 48271) % ${days}) * interval '1 day' - ((g * 7) % 86400) * interval '1 second',
            ($2::uuid[])[1 + g % greatest(1, cardinality($2::uuid[]))],
            ($2::uuid[])[1 + g % greatest(1, cardinality($2::uuid[]))]
     from generate_series(1, $1::bigint) g, client_list c, office_list o`,
    [inquiries, operators],
  );
  // The bench's inquiries, in an unlogged side table the calls pick from by number.
  await database.query(
    `create unlogged table bench_call_inquiries as
       select row_number() over (order by id) as n, id from inquiries where source = 'Bench'`,
  );
  await database.query('alter table bench_call_inquiries add primary key (n)');
  for (let from = 0; from < total; from += CHUNK) {
    const to = Math.min(total, from + CHUNK) - 1;
    const started = performance.now();
    // One in seven calls is outbound; an inbound call has its line, that line's number and office, and two in
    // five have an inquiry. The times are spread by a multiplicative hash, so no chunk is one period.
    await database.query(
      `with line_list as (
         select array_agg(id order by dnis) as ids, array_agg(dnis order by dnis) as numbers
         from tracking_lines where dnis like '877%'
       ), office_list as (select array_agg(id order by name) as ids from offices),
       picked as (
         select g, (1 + (g * 2654435761) % ${LINES})::int as k,
                now() - ((g * 2246822519) % (${days} * 86400)) * interval '1 second' as at
         from generate_series($1::bigint, $2::bigint) g
       )
       insert into calls (direction, duration_in_seconds, call_start_time, caller_id, number_dialed, inquiry_id,
                          office_id, tracking_line_id, title, call_resolution, status, status_updated_at, operator_id)
       select case when p.g % 7 = 0 then 'OUTBOUND' else 'INBOUND' end,
              case when p.status in ('no-answer', 'busy') then 0 when p.status = 'in-progress' then null
                   else 30 + (p.g * 13) % 900 end,
              p.at,
              '310' || lpad(((p.g * 48271) % ${CALLERS})::text, 7, '0'),
              case when p.g % 7 = 0 then '213' || lpad(((p.g * 69621) % 10000000)::text, 7, '0')
                   else l.numbers[p.k] end,
              case when p.g % 5 < 2 then (select i.id from bench_call_inquiries i
                                          where i.n = 1 + (p.g * 31) % ${inquiries}) end,
              o.ids[1 + p.k % array_length(o.ids, 1)],
              case when p.g % 7 = 0 then null else l.ids[p.k] end,
              'Bench call ' || p.g,
              'Intake taken',
              p.status,
              p.at,
              ($3::uuid[])[1 + p.g % greatest(1, cardinality($3::uuid[]))]
       from (select *, case when not $4::boolean then 'completed'
                            when at > now() - interval '20 minutes' and g % 4 = 0 then 'in-progress'
                            when g % 7 <> 0 and g % 11 = 0 then 'no-answer'
                            when g % 7 <> 0 and g % 23 = 0 then 'busy'
                            else 'completed' end as status
             from picked) p, line_list l, office_list o`,
      [from, to, operators, outcomes],
    );
    log(`  calls ${to + 1}/${total} (${((performance.now() - started) / 1000).toFixed(0)} s for this chunk)`);
  }
  await database.query('drop table bench_call_inquiries');
  log('  vacuum analyze…');
  await database.query('vacuum analyze calls');
  await database.query('vacuum analyze inquiries');
  await database.query('vacuum analyze tracking_lines');
  await database.query('vacuum analyze tracking_line_mappings');
  // The running totals the calls' statement triggers keep (attribution) were rewritten chunk after chunk: a
  // table in service has had autovacuum after that, a bulk load has not (dead rows, stale statistics).
  for (const table of [
    'attribution_leads',
    'attribution_caller_months',
    'attribution_source_months',
    'attribution_source_callers',
  ]) {
    await database.query(`vacuum analyze ${table}`);
  }
  await database.query('checkpoint');
  return total;
}

// ─── The routes, their bodies and their recorded statements ─────────────────────────────────────────────

const RECORD_SAMPLE = 60;

export interface AdminScenario {
  whoCanSee: string[];
  attribution: string[];
  /** Each route's recorded statements, one list per body, for the bare SQL replayed beside the HTTP load. */
  recorded: Record<string, RecordedStatement[][]>;
  /** How each route sends them (ReplayOptions): both as unnamed statements; the report's three at once. */
  replay: Record<string, ReplayOptions>;
  officeIds: string[];
}

/**
 * Bodies: records of every kind "who can see" explains, sampled from the seed; 12-month attribution ranges
 * ending last month and the two months before. Then each body's statements, recorded through the admin's
 * own service calls (the statements the route sends; replayed as bare SQL beside its load).
 */
export async function buildAdminScenario(database: Database, adminEmail: string): Promise<AdminScenario> {
  const record = installStatementRecorder(database);
  const officeIds = (await database.query<{ id: string }>('select id from offices order by name')).map((r) => r.id);
  const sample = async (table: string, where = 'true') =>
    (
      await database.query<{ id: string }>(
        `select id from ${table} where ${where} order by random() limit ${RECORD_SAMPLE / 3}`,
      )
    ).map((r) => r.id);
  const records = [
    ...(await sample('clients', 'merged_into_id is null')).map((id) => ({ recordKind: 'client', recordId: id })),
    ...(await sample('inquiries')).map((id) => ({ recordKind: 'inquiry', recordId: id })),
    ...(await sample('appointments', 'deleted_at is null')).map((id) => ({ recordKind: 'appointment', recordId: id })),
  ];
  if (records.length === 0) throw new Error('No records to ask about: the seed is empty');
  const whoCanSeeBodies = records.map((r) => JSON.stringify(r));
  const attributionBodies = [1, 2, 3].map((back) =>
    JSON.stringify({ monthFrom: monthBack(back + 11), monthTo: monthBack(back) }),
  );

  const actor = await scenarioActor(database, adminEmail);
  const recorded: Record<string, RecordedStatement[][]> = { [WHO_CAN_SEE_ROUTE]: [], [ATTRIBUTION_ROUTE]: [] };
  for (const body of whoCanSeeBodies) {
    const request = whoCanSeeRequestSchema.parse(JSON.parse(body));
    recorded[WHO_CAN_SEE_ROUTE]!.push(await record(() => whoCanSee(database.db, actor, request)));
  }
  for (const body of attributionBodies) {
    const request = attributionRequestSchema.parse(JSON.parse(body));
    recorded[ATTRIBUTION_ROUTE]!.push(await record(() => attributionReport(database.db, actor, request)));
  }
  const replay = {
    // whoCanSee reads the record, then the holders; attributionReport sends its three queries at once.
    [WHO_CAN_SEE_ROUTE]: { asSent: true, parallel: false },
    [ATTRIBUTION_ROUTE]: { asSent: true, parallel: true },
  };
  return { whoCanSee: whoCanSeeBodies, attribution: attributionBodies, recorded, replay, officeIds };
}

export function adminScenarioTargets(scenario: AdminScenario): RouteTarget[] {
  return [
    {
      name: WHO_CAN_SEE_ROUTE,
      method: 'POST',
      path: '/api/v1/accessControl/whoCanSee',
      bodies: scenario.whoCanSee,
      connections: ADMIN_SCENARIO_CONNECTIONS,
    },
    {
      name: ATTRIBUTION_ROUTE,
      method: 'POST',
      path: '/api/v1/dnis/attribution',
      bodies: scenario.attribution,
      connections: ADMIN_SCENARIO_CONNECTIONS,
      // Seconds a report over millions of calls: a minute gives its p95 a dozen requests or more.
      minDuration: 60,
    },
  ];
}
