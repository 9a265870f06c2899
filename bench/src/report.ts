import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AccountingMeasures } from './accounting-budgets.ts';
import { accountingBudgets } from './accounting-budgets.ts';
import type { CollectionsMeasures } from './collections-budgets.ts';
import type { DashboardsMeasures } from './dashboards-budgets.ts';
import { dashboardsBudgets } from './dashboards-budgets.ts';
import type { ExportTiming } from './dashboards-exports.ts';
import { collectionsBudgets } from './collections-budgets.ts';
import type { DashboardPageTiming } from './collections-scenario.ts';
import type { MailResult } from './mail-scenario.ts';
import type { BackgroundReport, ThreeWayTiming } from './accounting-scenario.ts';
import type { BenchArgs } from './args.ts';
import type { ServiceFloor } from './recorded-sql.ts';
import { AVAILABILITY_CROWD_ROUTE, AVAILABILITY_ROUTE, BOOKING_ROUTE } from './appointments-scenario.ts';
import type { DecisionTiming } from './admin-scenario.ts';
import { ATTRIBUTION_ROUTE, WHO_CAN_SEE_ROUTE } from './admin-scenario.ts';
import type { BareSqlLoad } from './recorded-sql.ts';
import type { InProcessLoad } from './closed-loop.ts';
import { CONFLICTS_ROUTE, DUPLICATE_ROUTE, SEARCH_ROUTE } from './clients-scenario.ts';
import { HISTORY_ROUTE, SEND_ROUTE } from './communication-scenario.ts';
import type { AllListResult } from './all-list.ts';
import type { MatchingQuality } from './matching-scenario.ts';
import type { SocketLatencyResult } from './socket-latency.ts';
import type { LoadResult } from './load.ts';
import { round } from './stats.ts';

export interface Budget {
  name: string;
  limit: number;
  actual: number;
  unit: 'ms' | '%' | 'MB' | '×';
  /** The figure must reach the limit (a recall), rather than stay under it (a time). */
  atLeast?: boolean;
  /** null: the budget is defined for another setup (e.g. PGlite at 50 connections), so it is not judged. */
  pass: boolean | null;
  note?: string;
}

export interface BenchReport {
  startedAt: string;
  finishedAt: string;
  args: Omit<BenchArgs, 'postgresUrl'>;
  machine: Record<string, string | number>;
  database: { kind: BenchArgs['database']; location: string; clients: number; reused: boolean };
  seedMs: number;
  coldStartMs: number;
  /** Processes serving requests (SERVER_PROCESSES, one by default); the server's CPU and RSS are their sum. */
  serverProcesses: number;
  /** PostgreSQL's autovacuum was off, so the bench vacuumed the database before each load (vacuum.ts). */
  vacuumedBeforeEachLoad?: boolean;
  routes: LoadResult[];
  /** platform scenario: the routes' statements straight on the driver. */
  /** clients scenario: the routes' service calls straight on the database. */
  serviceFloors?: Omit<ServiceFloor, 'recorded' | 'call'>[];
  /** communication scenario: inbound webhook → live socket frame. */
  socketLatency?: SocketLatencyResult;
  /** communication scenario: texts in the table during the load. */
  messages?: number;
  /** matching scenario: how well the duplicate check finds the person. */
  matching?: MatchingQuality;
  /** clients scenario: client search asked for "All" beside the normal searches. */
  allList?: AllListResult;
  /** admin scenario: the permission decision a request does, in process, per seeded profile. */
  decisions?: DecisionTiming[];
  /** Scenarios that record their routes' statements: each route's bare SQL at its concurrency, after its HTTP load. */
  bareSqlLoads?: (BareSqlLoad & { route: string })[];
  /** clients and platform: each route's service call (no HTTP) at the route's concurrency, after its bare SQL. */
  serviceLoads?: (InProcessLoad & { route: string })[];
  /**
   * clients and platform, where the route's concurrency exceeds the server's pool: the bare SQL replayed on the
   * pool's size, printed beside the judged ratio (the budgets judge the replay at the route's concurrency).
   */
  bareAtPoolSize?: (BareSqlLoad & { route: string })[];
  /** accounting scenario: the cash-flow report PDF built by its background job. */
  backgroundReport?: BackgroundReport;
  /** accounting scenario: the three-way trust reconciliation of each office. */
  threeWay?: ThreeWayTiming;
  /** collections scenario: each role's whole dashboard, its requests at once, and their bare SQL the same way. */
  dashboardPages?: DashboardPageTiming[];
  /** dashboards scenario: 100,000-row exports, first byte and whole file, over HTTP and as bare SQL. */
  exports?: ExportTiming[];
  /** mail scenario: e-mail through the embedded SMTP server (plain and with an outage) and a letter batch. */
  mail?: MailResult;
  budgets: Budget[];
}

const USER_P99_BUDGET_MS = 20;
const COLD_START_BUDGET_MS = 5000;
const COLD_START_AT_SCALE_BUDGET_MS = 3000;

export function judgeBudgets(
  args: BenchArgs,
  coldStartMs: number,
  routes: LoadResult[],
  socketLatency?: SocketLatencyResult,
  admin?: { decisions: DecisionTiming[]; bareSqlLoads: (BareSqlLoad & { route: string })[] },
  accounting?: AccountingMeasures,
  collections?: CollectionsMeasures,
  dashboards?: DashboardsMeasures,
  bareSqlLoads: (BareSqlLoad & { route: string })[] = [],
  serviceLoads: (InProcessLoad & { route: string })[] = [],
): Budget[] {
  // A million clients on PostgreSQL has a budget of its own: the server's start must not grow with the data.
  const atScale = args.scenario === 'clients' && args.database === 'postgres' && args.clients >= 1_000_000;
  const coldStartLimit = atScale ? COLD_START_AT_SCALE_BUDGET_MS : COLD_START_BUDGET_MS;
  const coldStart: Budget = {
    name: atScale ? 'cold start to healthy (PostgreSQL, 1M clients)' : 'cold start to healthy',
    limit: coldStartLimit,
    actual: round(coldStartMs, 0),
    unit: 'ms',
    pass: coldStartMs <= coldStartLimit,
  };
  if (args.scenario === 'clients') {
    return [
      ...clientBudgets(args, routes),
      ...floorRatioBudgets(routes, bareSqlLoads),
      ...serviceCpuBudgets(bareSqlLoads, serviceLoads),
      coldStart,
    ];
  }
  if (args.scenario === 'communication') {
    return [...communicationBudgets(args, routes, bareSqlLoads, socketLatency), coldStart];
  }
  if (args.scenario === 'appointments') return [...appointmentBudgets(args, routes, bareSqlLoads), coldStart];
  // The matching scenario's quality budgets come from its evaluation (matching-scenario.ts).
  if (args.scenario === 'matching') return [...floorRatioBudgets(routes, bareSqlLoads), coldStart];
  // The mail scenario's own budgets come from its measurements (mail-scenario.ts).
  if (args.scenario === 'mail') return [coldStart];
  if (args.scenario === 'admin') return [...adminBudgets(args, routes, admin), coldStart];
  if (args.scenario === 'accounting') return [...accountingBudgets(args, routes, accounting), coldStart];
  if (args.scenario === 'collections') return [...collectionsBudgets(args, routes, collections), coldStart];
  if (args.scenario === 'dashboards') return [...dashboardsBudgets(args, routes, dashboards), coldStart];
  return [userBudget(args, routes), ...floorRatioBudgets(routes, bareSqlLoads), coldStart];
}

/** Routes whose HTTP throughput must reach 70 % of their bare SQL's, not the 50 % every other route must. */
const SEVENTY_PERCENT_ROUTES = [SEARCH_ROUTE, DUPLICATE_ROUTE, CONFLICTS_ROUTE];

/**
 * DESIGN §6 for the routes with a service floor (clients, platform): each loaded route's throughput against its
 * floor's statements replayed at its concurrency (PostgreSQL only; PGlite has one connection).
 */
function floorRatioBudgets(routes: LoadResult[], bareSqlLoads: (BareSqlLoad & { route: string })[]): Budget[] {
  return bareSqlLoads.map((bare) =>
    ratioBudget(
      bare.route,
      routes.find((r) => r.route === bare.route),
      bare,
      SEVENTY_PERCENT_ROUTES.includes(bare.route) ? 70 : RATIO_BUDGET_PERCENT,
    ),
  );
}

const SERVICE_CPU_BUDGET_RATIO = 2;

/**
 * The search's service call (Drizzle building and mapping, no HTTP) may spend at most twice the Node CPU per
 * request its bare SQL spends in the driver: both measured in the bench process, in the same run.
 */
function serviceCpuBudgets(
  bareSqlLoads: (BareSqlLoad & { route: string })[],
  serviceLoads: (InProcessLoad & { route: string })[],
): Budget[] {
  const bare = bareSqlLoads.find((b) => b.route === SEARCH_ROUTE);
  const service = serviceLoads.find((l) => l.route === SEARCH_ROUTE);
  if (!bare || !service) return [];
  const actual = round(service.cpuMsPerRequest / bare.cpuMsPerRequest, 2);
  return [
    {
      name: `${SEARCH_ROUTE}: service call's Node CPU per request ÷ bare SQL's`,
      limit: SERVICE_CPU_BUDGET_RATIO,
      actual,
      unit: '×',
      pass: Number.isNaN(actual) ? null : actual <= SERVICE_CPU_BUDGET_RATIO,
    },
  ];
}

function userBudget(args: BenchArgs, routes: LoadResult[]): Budget {
  const user = routes.find((r) => r.route === 'GET /api/v1/user');
  const comparable = args.database === 'pglite' && args.connections === 50;
  return latencyBudget(
    'GET /api/v1/user p99',
    USER_P99_BUDGET_MS,
    user?.latency.p99,
    comparable,
    'budget is set for PGlite at 50 connections',
  );
}

/** Client budgets: search at 1M clients on PostgreSQL (20 searchers) and 200k on PGlite; duplicate + conflict at 1M. */
function clientBudgets(args: BenchArgs, routes: LoadResult[]): Budget[] {
  const latency = (route: string) => routes.find((r) => r.route === route)?.latency;
  const atMillion = args.database === 'postgres' && args.clients >= 1_000_000 && args.connections === 20;
  const onPglite = args.database === 'pglite' && args.clients >= 200_000 && args.connections === 20;
  const million = 'budget is set for PostgreSQL with ≥ 1,000,000 clients at 20 connections';
  // Judged on the response time the load generator sees, the stricter figure, though the issue words the
  // search budget in server time: Server-Timing starts when Fastify reads the request, so it leaves out the
  // wait in the socket's queue, and on PGlite, whose queries hold the event loop, that wait is nearly all of it.
  const search = latency(SEARCH_ROUTE);
  return [
    latencyBudget('client search p95 (PostgreSQL, 1M)', 50, search?.p95, atMillion, million),
    latencyBudget('client search p99 (PostgreSQL, 1M)', 150, search?.p99, atMillion, million),
    latencyBudget(
      'client search p95 (PGlite, 200k)',
      100,
      search?.p95,
      onPglite,
      'budget is set for PGlite with ≥ 200,000 clients at 20 connections',
    ),
    latencyBudget('duplicate check p95 (PostgreSQL, 1M)', 100, latency(DUPLICATE_ROUTE)?.p95, atMillion, million),
    latencyBudget('conflict check p95 (PostgreSQL, 1M)', 100, latency(CONFLICTS_ROUTE)?.p95, atMillion, million),
  ];
}

/**
 * "All" (SPEC §2) never buffers: beside 20 normal searchers over 1M clients on PostgreSQL, the server's RSS
 * grows by at most 100 MB and the searches' p99 stays within 1.5× of theirs without it (same run).
 */
export function allListBudgets(args: BenchArgs, all: AllListResult): Budget[] {
  const comparable = args.database === 'postgres' && args.clients >= 1_000_000 && args.connections === 20;
  const note = comparable ? {} : { note: 'budget is set for PostgreSQL with ≥ 1,000,000 clients at 20 connections' };
  return [
    {
      name: '"All": server RSS growth',
      limit: 100,
      actual: all.rssGrowthMb,
      unit: 'MB',
      pass: comparable ? all.rssGrowthMb <= 100 : null,
      ...note,
    },
    {
      name: '"All": normal searches p99, with / without',
      limit: 1.5,
      actual: all.p99Ratio,
      unit: '×',
      pass: comparable ? all.p99Ratio <= 1.5 : null,
      ...note,
    },
  ];
}

/**
 * Communication budgets: send p99 at 20 senders (local provider); history p95 with 1M texts; webhook → socket p95
 * with 1,000 sockets; each route's throughput ≥ 50 % of its own bare SQL at its concurrency in the same run.
 */
function communicationBudgets(
  args: BenchArgs,
  routes: LoadResult[],
  bareSqlLoads: (BareSqlLoad & { route: string })[],
  sockets?: SocketLatencyResult,
): Budget[] {
  const latency = (route: string) => routes.find((r) => r.route === route)?.latency;
  const ratio = (name: string) => replayedRatioBudget(args, name, routes, bareSqlLoads);
  const twentySenders = args.connections === 20;
  const million = args.messages >= 1_000_000 && args.connections === 20;
  const thousand = (sockets?.sockets ?? 0) >= 1000 && (sockets?.missed ?? 1) === 0;
  return [
    latencyBudget(
      'SMS send p99 (local provider)',
      50,
      latency(SEND_ROUTE)?.p99,
      twentySenders,
      'budget is set for 20 concurrent senders',
    ),
    ratio(SEND_ROUTE),
    latencyBudget(
      'text history page p95 (1M texts)',
      30,
      latency(HISTORY_ROUTE)?.p95,
      million,
      'budget is set for ≥ 1,000,000 texts at 20 connections',
    ),
    ratio(HISTORY_ROUTE),
    latencyBudget(
      'inbound webhook → socket p95',
      250,
      sockets?.latency.p95,
      thousand,
      'budget is set for ≥ 1,000 connected sockets with every delivery arriving',
    ),
  ];
}

/**
 * Appointment budgets: a week of every attorney's availability with 50k events; booking at 20 bookers on
 * PostgreSQL; each route's throughput ≥ 50 % of its own bare SQL at its concurrency in the same run. The crowd's
 * ratio is printed, not judged: its load is for the record, beside the one-operator budget.
 */
function appointmentBudgets(
  args: BenchArgs,
  routes: LoadResult[],
  bareSqlLoads: (BareSqlLoad & { route: string })[],
): Budget[] {
  const latency = (route: string) => routes.find((r) => r.route === route)?.latency;
  const ratio = (name: string) => replayedRatioBudget(args, name, routes, bareSqlLoads);
  const atScale = args.attorneys >= 100 && args.events >= 50_000;
  const crowd = ratio(AVAILABILITY_CROWD_ROUTE);
  return [
    latencyBudget(
      'availability of all attorneys for a week p95 (one operator)',
      100,
      latency(AVAILABILITY_ROUTE)?.p95,
      atScale,
      'budget is set for ≥ 100 attorneys and ≥ 50,000 events',
    ),
    ratio(AVAILABILITY_ROUTE),
    { ...crowd, pass: null, note: crowd.note ?? 'every connection asking at once is loaded for the record' },
    latencyBudget(
      'booking p99 (PostgreSQL, 20 bookers)',
      50,
      latency(BOOKING_ROUTE)?.p99,
      args.database === 'postgres' && args.connections === 20,
      'budget is set for PostgreSQL at 20 concurrent bookers',
    ),
    ratio(BOOKING_ROUTE),
  ];
}

/**
 * DESIGN §6 for a scenario that records its routes' statements on PostgreSQL only: the route's throughput against
 * its bare SQL's; on PGlite (one connection, no replay) printed with a note instead of judged.
 */
function replayedRatioBudget(
  args: BenchArgs,
  name: string,
  routes: LoadResult[],
  bareSqlLoads: (BareSqlLoad & { route: string })[],
): Budget {
  const route = routes.find((r) => r.route === name);
  const budget = ratioBudget(
    name,
    route,
    bareSqlLoads.find((b) => b.route === name),
  );
  if (args.database === 'postgres' || !route) return budget;
  return { ...budget, note: 'bare SQL is replayed on PostgreSQL only (PGlite has one connection)' };
}

/** The ratio budget of DESIGN §6 for a route with no ratio of its own: HTTP ≥ 50 % of its bare SQL's throughput. */
const RATIO_BUDGET_PERCENT = 50;

/** HTTP req/s ÷ bare SQL req/s at the same concurrency, in %; NaN when either side is missing. */
export function throughputRatio(route: LoadResult | undefined, bare: BareSqlLoad | undefined): number {
  if (!route || !bare || bare.requestsPerSecond === 0) return Number.NaN;
  return round((100 * route.requestsPerSecond) / bare.requestsPerSecond, 1);
}

/**
 * Administration budgets (PostgreSQL): the decision a request does p95 ≤ 1 ms in process; who can see a
 * record among 5,000 users p95 ≤ 200 ms; the 12-month attribution report over 5,000,000 calls p95 ≤ 1 s;
 * each route's throughput ≥ 50 % of its own bare SQL replayed at its concurrency in the same run.
 */
function adminBudgets(
  args: BenchArgs,
  routes: LoadResult[],
  admin?: { decisions: DecisionTiming[]; bareSqlLoads: (BareSqlLoad & { route: string })[] },
): Budget[] {
  const route = (name: string) => routes.find((r) => r.route === name);
  const bare = (name: string) => admin?.bareSqlLoads.find((b) => b.route === name);
  const perRequest = (admin?.decisions ?? []).filter((d) => d.decision.startsWith('one request'));
  const worstP95Ms = perRequest.length ? Math.max(...perRequest.map((d) => d.microseconds.p95)) / 1000 : Number.NaN;
  const ratio = (name: string) => ratioBudget(name, route(name), bare(name));
  return [
    {
      name: 'permission decision for one request p95 (worst profile, in process)',
      limit: 1,
      actual: round(worstP95Ms, 4),
      unit: 'ms',
      pass: Number.isNaN(worstP95Ms) ? null : worstP95Ms <= 1,
    },
    latencyBudget(
      'who can see this record p95 (5,000 users)',
      200,
      route(WHO_CAN_SEE_ROUTE)?.latency.p95,
      args.users >= 5000,
      'budget is set for ≥ 5,000 users',
    ),
    ratio(WHO_CAN_SEE_ROUTE),
    latencyBudget(
      'attribution report, 12 months, p95 (5,000,000 calls)',
      1000,
      route(ATTRIBUTION_ROUTE)?.latency.p95,
      args.calls >= 5_000_000,
      'budget is set for ≥ 5,000,000 calls',
    ),
    ratio(ATTRIBUTION_ROUTE),
  ];
}

/** DESIGN §6: a route's HTTP throughput against its own bare SQL's at the same concurrency, in the same run. */
export function ratioBudget(
  name: string,
  route: LoadResult | undefined,
  bare: BareSqlLoad | undefined,
  limitPercent = RATIO_BUDGET_PERCENT,
): Budget {
  const actual = throughputRatio(route, bare);
  return {
    name: `${name}: HTTP throughput ÷ bare SQL's, same concurrency`,
    limit: limitPercent,
    actual,
    unit: '%',
    atLeast: true,
    pass: Number.isNaN(actual) ? null : actual >= limitPercent,
    ...(Number.isNaN(actual) ? { note: 'route not loaded (--route)' } : {}),
  };
}

export function latencyBudget(
  name: string,
  limit: number,
  actual: number | undefined,
  comparable: boolean,
  note: string,
): Budget {
  const value = actual ?? Number.NaN;
  // A route left out with --route has no figure to judge.
  const judged = comparable && actual !== undefined;
  return {
    name,
    limit,
    actual: round(value),
    unit: 'ms',
    pass: judged ? value <= limit : null,
    ...(judged ? {} : { note: actual === undefined ? 'route not loaded (--route)' : note }),
  };
}

function gitCommit(repoRoot: string): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown';
  }
}

function cpuTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    const all = times.user + times.nice + times.sys + times.irq + times.idle;
    busy += all - times.idle;
    total += all;
  }
  return { busy, total };
}

const BUSY_SAMPLE_MS = 1000;
const BUSY_WARNING_PERCENT = 25;

/**
 * How busy the machine is before the bench adds anything: other work (test suites, builds) takes CPU from
 * the server and from the load generator alike, and a load average would still remember the previous bench run.
 */
async function cpuBusyPercent(): Promise<number> {
  const before = cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, BUSY_SAMPLE_MS));
  const after = cpuTimes();
  return round((100 * (after.busy - before.busy)) / Math.max(1, after.total - before.total), 0);
}

export async function machineInfo(repoRoot: string): Promise<Record<string, string | number>> {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGb: round(os.totalmem() / 1024 ** 3, 1),
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
    commit: gitCommit(repoRoot),
    cpuBusyPercentBeforeRun: await cpuBusyPercent(),
  };
}

/** Text columns (the first, and any named in `textColumns`) align left, figures right. */
function table(header: string[], rows: string[][], textColumns: number[] = []): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const left = new Set([0, ...textColumns]);
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (left.has(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '—');

function verdict(budget: Budget): string {
  if (budget.pass === null) return 'n/a';
  return budget.pass ? 'PASS' : 'FAIL';
}

export function printReport(report: BenchReport): void {
  const { args, machine } = report;
  console.log(
    `\nCasedesk bench — ${report.database.kind}, ${report.database.clients} clients, ${args.connections} connections, ${args.duration} s per route` +
      `\n${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, Node ${machine.node}, commit ${machine.commit}` +
      `\nServer: ${report.serverProcesses} process(es); its CPU per request and RSS are summed over them` +
      (report.vacuumedBeforeEachLoad
        ? "\nPostgreSQL's autovacuum was off: the database was vacuumed before each load"
        : '') +
      '\n',
  );
  const busy = Number(machine.cpuBusyPercentBeforeRun);
  if (busy > BUSY_WARNING_PERCENT) {
    console.log(`*** Other work kept the CPUs ${busy}% busy just before the run: figures are pessimistic. ***\n`);
  }
  console.log(
    table(
      [
        'route',
        'conn',
        'req/s',
        'median ms',
        'p95 ms',
        'p99 ms',
        'server p95 ms',
        'server p99 ms',
        'errors',
        'non-2xx',
        'ms/req (1000 / req/s)',
      ],
      report.routes.map((r) => [
        r.route,
        String(r.connections),
        r.requestsPerSecond.toFixed(0),
        ms(r.latency.median),
        ms(r.latency.p95),
        ms(r.latency.p99),
        ms(r.serverTime.p95),
        ms(r.serverTime.p99),
        String(r.errors),
        String(r.non2xx),
        ms(1000 / r.requestsPerSecond),
      ]),
    ),
  );
  // Closed-loop load keeps every connection busy, so latency is mostly queueing: median ≈ connections × ms/req.
  console.log(
    `  (${args.connections} connections always busy: median ≈ ${args.connections} × ms/req; a p99 of 20 ms needs ` +
      `≥ ${Math.ceil((args.connections * 1000) / 20)} req/s)`,
  );
  if (report.socketLatency) printSocketLatency(report.socketLatency);
  if (report.decisions) printDecisions(report.decisions);
  if (report.bareSqlLoads) printBareSqlLoads(report.routes, report.bareSqlLoads, report.serviceLoads);
  if (report.bareAtPoolSize) printBareAtPoolSize(report.routes, report.bareAtPoolSize);
  if (report.backgroundReport) {
    const r = report.backgroundReport;
    console.log(
      `\nCash-flow report PDF in the background: ${r.rows} rows in ${r.seconds} s, ${(r.pdfBytes / 1e6).toFixed(1)} MB, server RSS +${r.rssGrowthMb} MB`,
    );
  }
  if (report.mail) {
    const { plain, outage, letters } = report.mail;
    console.log(
      `\nE-mail: ${plain.emails} delivered in ${plain.seconds} s; with the SMTP server stopped ${outage.stoppedForSeconds} s: ` +
        `${outage.emails} in ${outage.seconds} s, ${outage.retried} retried, ${outage.duplicates} twice, ${outage.missing} missing` +
        `\nLetters: ${letters.letters} ${letters.state} in ${letters.seconds} s, server RSS +${letters.rssGrowthMb} MB`,
    );
  }
  if (report.threeWay) {
    const w = report.threeWay;
    console.log(
      `Three-way trust reconciliation: ${w.requests} requests, median ${w.medianMs} ms, slowest ${w.maxMs} ms`,
    );
  }
  if (report.dashboardPages) {
    console.log(`\nCollections dashboard pages (each role's requests sent together, one page after another):`);
    console.log(
      table(
        ['role', 'requests', 'HTTP median ms', 'HTTP p95', 'HTTP p99', 'bare SQL median', 'bare p95', 'bare p99'],
        report.dashboardPages.map((p) => [
          p.role,
          String(p.requests),
          ms(p.http.median),
          ms(p.http.p95),
          ms(p.http.p99),
          ms(p.bareSql.median),
          ms(p.bareSql.p95),
          ms(p.bareSql.p99),
        ]),
      ),
    );
  }
  if (report.exports?.length) printExports(report.exports);
  if (report.allList) printAllList(report.allList);
  if (report.serviceFloors) {
    console.log(
      `\nService floor (the route's own service call on one connection, no HTTP, token check or validation)` +
        `\nand bare SQL (the limit: the statements that call sent, straight to the driver, one after another):`,
    );
    console.log(
      table(
        [
          'route',
          'median ms',
          'p95 ms',
          'p99 ms',
          'bare SQL median',
          'bare p95',
          'bare p99',
          'statements',
          'what runs',
        ],
        report.serviceFloors.map((f) => [
          f.route,
          ms(f.total.median),
          ms(f.total.p95),
          ms(f.total.p99),
          ms(f.bareSql.median),
          ms(f.bareSql.p95),
          ms(f.bareSql.p99),
          f.statementsPerRequest.toFixed(2),
          f.statements,
        ]),
        [8],
      ),
    );
  }
  console.log(
    `\nSeed: ${report.database.reused ? 'reused a kept database (--keep)' : `${(report.seedMs / 1000).toFixed(1)} s`}   Cold start (spawn → first healthy): ${report.coldStartMs.toFixed(0)} ms`,
  );
  console.log('\nBudgets:');
  for (const budget of report.budgets) {
    const note = budget.note ? `; ${budget.note}, not judged here` : '';
    console.log(
      `  ${verdict(budget).padEnd(4)}  ${budget.name}: ${budget.actual} ${budget.unit} (budget ${budget.atLeast ? '≥' : '≤'} ${budget.limit} ${budget.unit}${note})`,
    );
  }
  const failed = report.budgets.filter((b) => b.pass === false);
  if (failed.length > 0) {
    console.log(`\n*** ${failed.length} budget(s) FAILED: ${failed.map((b) => b.name).join(', ')} ***`);
  }
  const broken = report.routes.filter((r) => r.errors > 0 || r.non2xx > 0);
  if (broken.length > 0) {
    console.log(
      `\n*** Errors or non-2xx responses: ${broken.map((r) => `${r.route} ${JSON.stringify(r.statusCodes)} errors=${r.errors}`).join('; ')} ***`,
    );
  }
}

function printAllList(all: AllListResult): void {
  console.log(
    `\nClient search "All" beside the normal searches: ${all.lists} list(s) of ${all.rows} rows, ` +
      `${all.megabytes} MB, the first in ${all.seconds} s; server RSS at its peak ${all.rssPeakWithoutMb} MB ` +
      `without, ${all.rssPeakWithMb} MB with (+${all.rssGrowthMb} MB); the warm-up list, the first of the ` +
      `server's life, grew it by ${all.firstListRssGrowthMb} MB:`,
  );
  console.log(
    table(
      ['normal searches', 'req/s', 'median ms', 'p95 ms', 'p99 ms', 'server p99 ms'],
      [
        ['alone', all.withoutAll],
        ['beside "All"', all.withAll],
      ].map(([name, r]) => {
        const load = r as LoadResult;
        return [
          name as string,
          load.requestsPerSecond.toFixed(0),
          ms(load.latency.median),
          ms(load.latency.p95),
          ms(load.latency.p99),
          ms(load.serverTime.p99),
        ];
      }),
      [0],
    ),
  );
}

function printExports(exports: ExportTiming[]): void {
  console.log(
    `\nExports (each downloaded alone, after one to warm up; medians; bare SQL: its recorded statements replayed,` +
      `\nthe cursor's first chunk for the first row), ms:`,
  );
  console.log(
    table(
      [
        'export',
        'rows',
        'MB',
        'first byte',
        'first row',
        'first row max',
        'bare first row',
        'first row ×',
        'whole file',
        'bare whole',
        'whole ×',
      ],
      exports.map((e) => [
        e.name,
        String(e.rows),
        (e.bytes / 1e6).toFixed(1),
        ms(e.firstByte.median),
        ms(e.firstRow.median),
        ms(e.firstRow.max),
        ms(e.bareFirstRow.median),
        (e.firstRow.median / e.bareFirstRow.median).toFixed(2),
        ms(e.total.median),
        ms(e.bareTotal.median),
        (e.total.median / e.bareTotal.median).toFixed(2),
      ]),
    ),
  );
}

function printDecisions(decisions: DecisionTiming[]): void {
  console.log(
    `\nThe permission decision in process (µs per decision, ${decisions[0]?.microseconds.samples ?? 0} decisions ` +
      `each, requirements in turn over every permission type and access):`,
  );
  const us = (value: number) => (Number.isFinite(value) ? value.toFixed(3) : '—');
  console.log(
    table(
      ['profile', 'decision', 'median µs', 'p95 µs', 'p99 µs', 'max µs'],
      decisions.map((d) => [
        d.profile,
        d.decision,
        us(d.microseconds.median),
        us(d.microseconds.p95),
        us(d.microseconds.p99),
        us(d.microseconds.max),
      ]),
      [1],
    ),
  );
}

function printBareSqlLoads(
  routes: LoadResult[],
  loads: (BareSqlLoad & { route: string })[],
  services: (InProcessLoad & { route: string })[] = [],
): void {
  console.log(
    `\nBare SQL at the route's concurrency (its recorded statements replayed straight to the driver by as many` +
      `\nconnections, closed loop, right after the HTTP load), and HTTP ÷ bare SQL; for a route with a service floor` +
      `\nalso its service call the same way (no HTTP), and service ÷ bare SQL. CPU ms/req: the server process's` +
      `\nfor HTTP (its Node CPU per request), the bench process's for the service call and the bare SQL, and the` +
      `\nbench process's for the HTTP load (the load generator, which shares the cores with the server):`,
  );
  console.log(
    table(
      [
        'route',
        'conn',
        'bare req/s',
        'bare p95',
        'service req/s',
        'HTTP req/s',
        'HTTP p95',
        'HTTP ÷ bare %',
        'service ÷ bare %',
        'CPU ms/req bare',
        'service',
        'HTTP',
        'load gen',
      ],
      loads.map((b) => {
        const http = routes.find((r) => r.route === b.route);
        const service = services.find((l) => l.route === b.route);
        return [
          ...replayCells(b),
          service ? service.requestsPerSecond.toFixed(1) : '—',
          http ? http.requestsPerSecond.toFixed(1) : '—',
          http ? ms(http.latency.p95) : '—',
          String(throughputRatio(http, b)),
          service ? String(round((100 * service.requestsPerSecond) / b.requestsPerSecond, 1)) : '—',
          cpuMs(b.cpuMsPerRequest),
          service ? cpuMs(service.cpuMsPerRequest) : '—',
          http ? cpuMs(http.cpuMsPerRequest.server) : '—',
          http ? cpuMs(http.cpuMsPerRequest.loadGenerator) : '—',
        ];
      }),
    ),
  );
}

/** A bare-SQL replay's first cells in both tables: its route, connections, throughput and p95. */
const replayCells = (b: BareSqlLoad & { route: string }) => [
  b.route,
  String(b.connections),
  b.requestsPerSecond.toFixed(1),
  ms(b.latency.p95),
];

/** Not judged: whether the replay at the route's concurrency was the limit, or fewer connections serve more. */
function printBareAtPoolSize(routes: LoadResult[], loads: (BareSqlLoad & { route: string })[]): void {
  console.log(
    `\nThe same bare SQL on as many connections as the server's pool has (it never runs more statements at once);` +
      `\nwhere it serves more than the replay above, that replay was not the limit (not judged):`,
  );
  console.log(
    table(
      ['route', 'conn', 'bare req/s', 'bare p95', 'HTTP ÷ it %'],
      loads.map((b) => {
        const http = routes.find((r) => r.route === b.route);
        return [...replayCells(b), String(throughputRatio(http, b))];
      }),
    ),
  );
}

const cpuMs = (value: number) => (Number.isNaN(value) ? '—' : value.toFixed(3));

function printSocketLatency(result: SocketLatencyResult): void {
  console.log(
    `\nInbound webhook → live socket (${result.sockets} sockets, ${result.webhooks} webhooks one after another, ` +
      `${result.delivered} deliveries, ${result.missed} missed):`,
  );
  console.log(
    table(
      ['measure', 'median ms', 'p95 ms', 'p99 ms', 'max ms'],
      [
        ['webhook → socket frame', result.latency],
        ['webhook acknowledged', result.acknowledgement],
      ].map(([name, s]) => {
        const summary = s as SocketLatencyResult['latency'];
        return [name as string, ms(summary.median), ms(summary.p95), ms(summary.p99), ms(summary.max)];
      }),
      [0],
    ),
  );
}

/** bench/results/<ISO date-time>.json; colons left out of the name so the file also copies to Windows. */
export function writeReport(report: BenchReport, resultsDir: string): string {
  fs.mkdirSync(resultsDir, { recursive: true });
  const name = `${report.startedAt.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z')}.json`;
  const file = path.join(resultsDir, name);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
