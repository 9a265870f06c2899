import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '@casedesk/server/src/seed/seed.ts';
import { signInWithCodeFlow } from '@casedesk/server/test/support/code-flow.ts';
import { fetchClient } from '@casedesk/server/test/support/http-client.ts';
import type { BenchArgs } from './args.ts';
import { parseBenchArgs, USAGE } from './args.ts';
import {
  addInquiriesAtScale,
  buildClientScenario,
  clientScenarioTargets,
  measureClientFloors,
  SEARCH_ROUTE,
} from './clients-scenario.ts';
import type { AppointmentScenario } from './appointments-scenario.ts';
import {
  addAttorneysAtScale,
  addEventsAtScale,
  appointmentScenarioTargets,
  buildAppointmentScenario,
} from './appointments-scenario.ts';
import type { AccountingScenario, BackgroundReport, ThreeWayTiming } from './accounting-scenario.ts';
import {
  accountingScenarioTargets,
  addPaymentsAtScale,
  addTrustEntriesAtScale,
  buildAccountingScenario,
  measureBackgroundReport,
  measureThreeWay,
} from './accounting-scenario.ts';
import type { AdminScenario, DecisionTiming } from './admin-scenario.ts';
import {
  addCallsAtScale,
  addUsersAtScale,
  adminScenarioTargets,
  buildAdminScenario,
  measurePermissionDecisions,
} from './admin-scenario.ts';
import { Cleanup, cleanUpOnSignals } from './cleanup.ts';
import type { CollectionsScenario, DashboardPageTiming, DashboardRole } from './collections-scenario.ts';
import {
  addCollectionCallsAtScale,
  buildCollectionsWorkScenario,
  collectionsWorkTargets,
} from './collections-work-scenario.ts';
import {
  addCollectionsAtScale,
  buildCollectionsScenario,
  collectionsScenarioTargets,
  measureDashboardPages,
  ROLE_EMAILS,
} from './collections-scenario.ts';
import type { MailResult, MailScenario } from './mail-scenario.ts';
import { buildMailScenario, MAIL_SERVER_ENV, mailBudgets, measureMail } from './mail-scenario.ts';
import type { CommunicationScenario } from './communication-scenario.ts';
import {
  addMessagesAtScale,
  buildCommunicationScenario,
  communicationScenarioTargets,
} from './communication-scenario.ts';
import type { SocketLatencyResult, SocketUser } from './socket-latency.ts';
import { measureSocketLatency } from './socket-latency.ts';
import { createDataStore, seedStore } from './data-store.ts';
import { addDashboardDataAtScale } from './dashboards-scenario.ts';
import type { DashboardsScenario } from './dashboards-load.ts';
import { buildDashboardsScenario, dashboardsScenarioTargets } from './dashboards-load.ts';
import type { ExportCase, ExportTiming } from './dashboards-exports.ts';
import { drillExportCase, measureExports, pickExportDrill, reportExportCases } from './dashboards-exports.ts';
import type { LoadResult, RouteTarget } from './load.ts';
import { loadRoute, stopLoad, WARM_UP_SECONDS } from './load.ts';
import type { Probe } from './matching-corruption.ts';
import type { MatchingQuality } from './matching-scenario.ts';
import {
  buildEvaluationSet,
  matchingBudgets,
  measureMatchingQuality,
  printMatchingQuality,
} from './matching-scenario.ts';
import { measurePlatformFloors } from './platform-scenario.ts';
import type { BareSqlLoad, ServiceFloor } from './recorded-sql.ts';
import { replayUnderLoad } from './recorded-sql.ts';
import type { InProcessLoad } from './closed-loop.ts';
import { closedLoop } from './closed-loop.ts';
import type { BenchReport } from './report.ts';
import { allListBudgets, judgeBudgets, machineInfo, printReport, writeReport } from './report.ts';
import { startServer } from './server-process.ts';
import { vacuumWhereAutovacuumIsOff } from './vacuum.ts';
import type { Database } from '@casedesk/server/src/platform/db/database.ts';
import { openDatabase } from '@casedesk/server/src/platform/db/database.ts';
import type { AllListResult } from './all-list.ts';
import { ALL_LIST_ROUTE, measureAllList } from './all-list.ts';
import { round } from './stats.ts';

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(benchDir, '..');
const ADMIN_EMAIL = 'admin@casedesk.local';
/** Both hear of every inbound text (SMS READ with no office condition), so each socket gets each webhook. */
const SOCKET_EMAILS = [ADMIN_EMAIL, 'operator@casedesk.local'];
/**
 * The communication scenario measures sending, not the per-user rate limit that guards the cost of SMS,
 * and fan-out to many sockets of the two users above, not the per-user socket limit (one per tab).
 */
const COMMUNICATION_SERVER_ENV = {
  SMS_RATE_LIMIT_PER_MINUTE: '100000000',
  SIMULATOR_AUTO_STATUS: 'false',
  LIVE_SOCKETS_PER_USER: '100000',
};
const SEARCH_KEYWORD = 'an';
/** The server's own pool on this machine (DATABASE_POOL_SIZE's default), which the bare SQL replay gets too. */
const SERVER_POOL_SIZE = Math.max(4, 3 * os.availableParallelism());
/**
 * Every scenario measures its routes, not the per-user rate limits in front of them (one user sends all the
 * load). Raised rather than switched off, so each limited request still pays for its count.
 */
const RATE_LIMIT_SERVER_ENV = {
  SEARCH_RATE_LIMIT_PER_MINUTE: '100000000',
  MATCHING_RATE_LIMIT_PER_MINUTE: '100000000',
  EXPORT_RATE_LIMIT_PER_MINUTE: '100000000',
  CLICK_TO_CALL_RATE_LIMIT_PER_MINUTE: '100000000',
};

const TARGETS: RouteTarget[] = [
  { name: 'GET /api/v1/user', method: 'GET', path: '/api/v1/user' },
  {
    name: 'POST /api/v1/user/directory',
    method: 'POST',
    path: '/api/v1/user/directory',
    body: JSON.stringify({ pageNumber: 1, pageSize: 10, filter: { searchKeyword: SEARCH_KEYWORD } }),
  },
];

/** A real authorization-code + PKCE sign-in through the embedded provider's login form, as the SPA does it. */
async function signIn(baseUrl: string, email = ADMIN_EMAIL): Promise<string> {
  const tokens = await signInWithCodeFlow(fetchClient(baseUrl), {
    issuer: `${baseUrl}/idp`,
    clientId: 'casedesk-web',
    redirectUri: `${baseUrl}/`,
    resource: 'urn:casedesk:api',
    email,
    password: DEMO_PASSWORD,
  });
  return tokens.access_token;
}

const QUEUE_SETTLE_TIMEOUT_MS = 180_000;
/** The server refreshes its queue-depth gauge every 15 s; a reading is only trusted after a refresh. */
const GAUGE_REFRESH_MS = 16_000;

/** Waits until GET /metrics shows no queued or running job; returns how long that took. */
async function waitForJobQueues(baseUrl: string): Promise<number> {
  const started = performance.now();
  const depth = async () => {
    const text = await (await fetch(`${baseUrl}/metrics`)).text();
    return text
      .split('\n')
      .filter((line) => line.startsWith('casedesk_job_queue_depth{'))
      .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
  };
  do {
    await new Promise((resolve) => setTimeout(resolve, GAUGE_REFRESH_MS));
  } while ((await depth()) > 0 && performance.now() - started < QUEUE_SETTLE_TIMEOUT_MS);
  return performance.now() - started;
}

async function socketUser(baseUrl: string, email: string): Promise<SocketUser> {
  const token = await signIn(baseUrl, email);
  const response = await fetch(`${baseUrl}/api/v1/user`, { headers: { authorization: `Bearer ${token}` } });
  const user = (await response.json()) as { id: string };
  return { userId: user.id, token };
}

/** Every body once first, so a broken route or body fails loudly instead of as a table of fast 4xx. */
async function checkRoute(baseUrl: string, target: RouteTarget, token: string): Promise<void> {
  for (const body of target.probe ? [target.probe] : (target.bodies ?? [target.body])) {
    const response = await fetch(`${baseUrl}${target.path}`, {
      method: target.method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body } : {}),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${target.name} answered ${response.status}: ${text.slice(0, 300)}`);
  }
}

/** --learn: the weights from a training set apart from the evaluation set, written where the scoring reads them. */
async function learnWeights(database: Database, args: BenchArgs): Promise<void> {
  // Imported here: a bench copied onto an older commit, to measure it, runs the evaluation without this.
  const { learnMatchWeights, writeMatchWeights } = await import('./matching-learn.ts');
  console.log('Learning the match weights from a training set…');
  const learned = await learnMatchWeights(database, args.probes, args.probes);
  const file = path.join(repoRoot, 'packages', 'contract', 'src', 'matching', 'match-weights.ts');
  writeMatchWeights(file, learned, args.clients);
  console.log(`  ${JSON.stringify(learned.weights)}\n  written to ${path.relative(repoRoot, file)}`);
}

/**
 * The dashboards scenario's exports: the drill-down closest to 100,000 rows, and the report export
 * (reportExportCase) when this branch has one; first byte and whole file, then the same statements as bare SQL.
 */
async function measureDashboardExports(baseUrl: string, store: { env: Record<string, string> }) {
  const log = (line: string) => console.log(line);
  console.log('Exports: picking the drill-down closest to 100,000 rows…');
  const cases: ExportCase[] = [];
  const picked = await pickExportDrill(baseUrl, await signIn(baseUrl), log);
  if (picked) cases.push(drillExportCase(picked.drill, picked.rows));
  const recordingDatabase = await openDatabase({ databaseUrl: store.env.DATABASE_URL!, poolSize: 2 });
  try {
    cases.push(...(await reportExportCases(recordingDatabase)));
    return await measureExports(baseUrl, (email) => signIn(baseUrl, email), cases, recordingDatabase, log);
  } finally {
    await recordingDatabase.close();
  }
}

async function run(args: BenchArgs, cleanup: Cleanup): Promise<BenchReport> {
  const startedAt = new Date().toISOString();
  // Taken before the bench's own seed and server add to the machine's load.
  const machine = await machineInfo(repoRoot);
  const store = await createDataStore(args, cleanup);
  console.log(`${store.reused ? 'Kept' : 'Fresh'} ${store.kind} store at ${store.label}`);
  // A kept database (--keep) already holds the seed and the scenario's additions.
  const seedMs = store.reused ? 0 : await seedStore(store, args.clients, repoRoot, cleanup);
  const addAtScale = !store.reused;

  // PGlite's directory opens in one process at a time, so the floor is measured before the server holds it.
  const database = await store.open();
  // A kept database may predate the newest migrations; the scenario's services expect them.
  if (store.reused) await database.migrate();
  let targets = TARGETS;
  let serviceFloors: ServiceFloor[] | undefined;
  let communication: CommunicationScenario | undefined;
  let appointments: AppointmentScenario | undefined;
  let evaluationSet: Probe[] | undefined;
  let admin: AdminScenario | undefined;
  let accounting: AccountingScenario | undefined;
  let collections: CollectionsScenario | undefined;
  let decisions: DecisionTiming[] | undefined;
  let mailScenario: MailScenario | undefined;
  let dashboards: DashboardsScenario | undefined;
  try {
    if (args.scenario === 'admin') {
      if (addAtScale) {
        const added = await addUsersAtScale(database, args.users);
        console.log(`Added ${added} users with the seeded profiles' permissions; adding ${args.calls} calls…`);
        const started = performance.now();
        await addCallsAtScale(database, args.calls, (line) => console.log(line));
        console.log(`  in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
      console.log("Sampling records and recording the routes' statements…");
      admin = await buildAdminScenario(database, ADMIN_EMAIL);
      targets = adminScenarioTargets(admin);
      console.log('The permission decision in process…');
      decisions = measurePermissionDecisions(admin.officeIds);
    } else if (args.scenario === 'accounting') {
      if (addAtScale) {
        console.log(`Adding ${args.payments} payments over two years…`);
        const started = performance.now();
        await addPaymentsAtScale(database, args.payments, (line) => console.log(line));
        console.log(
          `  in ${((performance.now() - started) / 1000).toFixed(1)} s; adding ${args.trustEntries} trust entries…`,
        );
        await addTrustEntriesAtScale(database, args.trustEntries, (line) => console.log(line));
        console.log(`  in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
      console.log("Sampling bodies and recording the routes' statements…");
      accounting = await buildAccountingScenario(database, ADMIN_EMAIL);
      targets = accountingScenarioTargets(accounting);
    } else if (args.scenario === 'collections') {
      if (addAtScale) {
        console.log(`Adding ${args.accounts} collection accounts and ${args.payments} payments carrying them…`);
        const started = performance.now();
        await addCollectionsAtScale(database, args.accounts, args.payments, (line) => console.log(line));
        await addCollectionCallsAtScale(database, (line) => console.log(line));
        console.log(`  in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
      console.log("Recording each role's dashboard statements, the all-accounts page's and the contact check's…");
      const dashboards = await buildCollectionsScenario(database);
      const work = await buildCollectionsWorkScenario(database, ADMIN_EMAIL);
      collections = {
        ...dashboards,
        recorded: { ...dashboards.recorded, ...work.recorded },
        replay: { ...dashboards.replay, ...work.replay },
      };
      targets = [...collectionsWorkTargets(work), ...collectionsScenarioTargets(dashboards)];
    } else if (args.scenario === 'dashboards') {
      if (addAtScale) {
        await addDashboardDataAtScale(database, args, (line) => console.log(line));
        // Kept as soon as it is added: if recording the routes below fails, the long seed is not lost.
        await store.markSeeded();
      }
      console.log("Recording each dashboard's statements…");
      dashboards = await buildDashboardsScenario(database);
      targets = dashboardsScenarioTargets(dashboards);
    } else if (args.scenario === 'mail') {
      mailScenario = await buildMailScenario(database);
      targets = [];
    } else if (args.scenario === 'communication') {
      if (addAtScale) {
        console.log(`Adding ${args.messages} texts…`);
        const started = performance.now();
        await addMessagesAtScale(database, args.messages);
        console.log(`  in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
      console.log("Sampling bodies and recording the routes' statements…");
      communication = await buildCommunicationScenario(database, ADMIN_EMAIL, store.env.DATABASE_URL);
      targets = communicationScenarioTargets(communication);
    } else if (args.scenario === 'appointments') {
      if (addAtScale) {
        const added = await addAttorneysAtScale(database, args.attorneys);
        console.log(`Added ${added} attorneys; adding ${args.events} calendar events…`);
        const started = performance.now();
        const events = await addEventsAtScale(database, args.events);
        console.log(`  ${events} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
      console.log("Sampling bodies and recording the routes' statements…");
      appointments = await buildAppointmentScenario(database, ADMIN_EMAIL, store.env.DATABASE_URL);
      targets = appointmentScenarioTargets(appointments);
    } else if (args.scenario === 'matching') {
      if (addAtScale) await addInquiriesAtScale(database, args.clients);
      if (args.learn) await learnWeights(database, args);
      evaluationSet = await buildEvaluationSet(database, args.probes);
      console.log(`Evaluation set: ${evaluationSet.length} probes; measuring the service floor…`);
      const bodies = await buildClientScenario(database);
      serviceFloors = (await measureClientFloors(database, ADMIN_EMAIL, bodies)).filter(
        (floor) => floor.route !== SEARCH_ROUTE,
      );
      // The two checks the evaluation asks, loaded and judged against their bare SQL like the clients
      // scenario's (the search is the clients scenario's alone).
      targets = clientScenarioTargets(bodies).filter((target) => target.name !== SEARCH_ROUTE);
    } else if (args.scenario === 'clients') {
      if (addAtScale) {
        const added = await addInquiriesAtScale(database, args.clients);
        console.log(`Added ${added} inquiries with opposing parties (the conflict check's other table).`);
      }
      console.log('Sampling clients for the request bodies, then measuring the service floor…');
      const bodies = await buildClientScenario(database);
      targets = clientScenarioTargets(bodies);
      serviceFloors = await measureClientFloors(database, ADMIN_EMAIL, bodies);
    } else {
      console.log('Measuring the service floor and bare SQL…');
      serviceFloors = await measurePlatformFloors(database, ADMIN_EMAIL, SEARCH_KEYWORD);
    }
  } finally {
    await database.close();
  }
  await store.markSeeded();

  console.log('Starting the server…');
  const server = await startServer({
    repoRoot,
    databaseEnv: {
      ...store.env,
      ...RATE_LIMIT_SERVER_ENV,
      ...(communication ? COMMUNICATION_SERVER_ENV : {}),
      ...(mailScenario ? MAIL_SERVER_ENV : {}),
    },
    onSpawn: (stop) => cleanup.add('stop the server', stop),
    // The profile is written when the server exits, which the SIGTERM of server.stop() makes it do cleanly.
    extraNodeArgs: args.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${path.join(benchDir, 'results', 'profiles')}`] : [],
  });
  console.log(
    `Healthy at ${server.baseUrl} after ${server.coldStartMs.toFixed(0)} ms (${server.processes} server process(es))`,
  );

  const vacuum = await vacuumWhereAutovacuumIsOff(store.kind === 'postgres' ? store.env.DATABASE_URL : undefined);
  if (vacuum) console.log("PostgreSQL's autovacuum is off: the database is vacuumed before each load");
  const routes: LoadResult[] = [];
  const bareSqlLoads: (BareSqlLoad & { route: string })[] = [];
  const serviceLoads: (InProcessLoad & { route: string })[] = [];
  const bareAtPoolSize: (BareSqlLoad & { route: string })[] = [];
  for (const target of targets.filter((t) => !args.route || t.name.includes(args.route))) {
    // A fresh token per route: the access token lives 10 minutes, one route's run fits in it.
    const token = await signIn(server.baseUrl, target.email);
    await checkRoute(server.baseUrl, target, token);
    const connections = target.connections ?? args.connections;
    const duration = Math.max(args.duration, target.minDuration ?? 0);
    await vacuum?.();
    console.log(`Load: ${target.name}, ${connections} connections, ${WARM_UP_SECONDS} s warm-up + ${duration} s…`);
    const result = await loadRoute(server.baseUrl, target, token, connections, duration, server.pid);
    console.log(`  ${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.latency.p99.toFixed(2)} ms`);
    routes.push(result);
    // Each route on a quiet server: the texts a send run queued are delivered before its bare SQL (which would
    // otherwise share the machine with their delivery) and before the next route starts.
    if (args.scenario === 'communication') {
      const settled = await waitForJobQueues(server.baseUrl);
      console.log(`  (${(settled / 1000).toFixed(0)} s until the queued texts were delivered)`);
    }
    const scenario = admin ?? accounting ?? collections ?? dashboards ?? appointments ?? communication;
    // A scenario's own recordings, else those of the route's service floor (clients, platform): every route with
    // recorded statements gets its bare SQL at its concurrency (DESIGN §6). PGlite has one connection, no such load.
    const floor = serviceFloors?.find((f) => f.route === target.name);
    const recorded = scenario?.recorded[target.name] ?? (store.kind === 'postgres' ? floor?.recorded : undefined);
    if (recorded?.length) {
      // Straight after the HTTP load, on the same machine and data, so a neighbour's load moves both alike.
      await vacuum?.();
      console.log(`  bare SQL, ${connections} connection(s), ${WARM_UP_SECONDS} s warm-up + ${duration} s…`);
      // The dashboards send a request's statements at once: as many pool connections as the server has.
      // A floor's, an appointment route's and a text route's statements are replayed by as many connections as
      // the route is loaded with (a booking's each on its own connection from begin to rollback, a send's committed
      // as the route commits it).
      const replayDatabase = dashboards
        ? await openDatabase({ databaseUrl: store.env.DATABASE_URL!, poolSize: SERVER_POOL_SIZE })
        : floor || appointments || communication
          ? await openDatabase({ databaseUrl: store.env.DATABASE_URL!, poolSize: connections })
          : await store.open();
      try {
        const bare = await replayUnderLoad(
          replayDatabase,
          recorded,
          connections,
          duration,
          WARM_UP_SECONDS,
          scenario?.replay[target.name],
        );
        bareSqlLoads.push({ route: target.name, ...bare });
        console.log(`  ${bare.requestsPerSecond.toFixed(1)} req/s, p95 ${bare.latency.p95.toFixed(2)} ms`);
        if (floor) {
          // Then the route's service call (Drizzle building and mapping, no HTTP), loaded the same way.
          console.log(`  service call, ${connections} connection(s), ${WARM_UP_SECONDS} s warm-up + ${duration} s…`);
          const service = await closedLoop(connections, duration, WARM_UP_SECONDS, (i) =>
            floor.call(replayDatabase, i),
          );
          serviceLoads.push({ route: target.name, ...service });
          console.log(`  ${service.requestsPerSecond.toFixed(1)} req/s, p95 ${service.latency.p95.toFixed(2)} ms`);
        }
        if (floor && connections > SERVER_POOL_SIZE) {
          // The server runs at most its pool's statements at once; more backends than that on few cores can
          // serve fewer (the conflict check's replay did on 20), so the replay on the pool's size is shown too.
          console.log(`  bare SQL, ${SERVER_POOL_SIZE} connection(s) (the server's pool)…`);
          const atPool = await replayUnderLoad(replayDatabase, recorded, SERVER_POOL_SIZE, duration, WARM_UP_SECONDS);
          bareAtPoolSize.push({ route: target.name, ...atPool });
          console.log(`  ${atPool.requestsPerSecond.toFixed(1)} req/s, p95 ${atPool.latency.p95.toFixed(2)} ms`);
        }
      } finally {
        await replayDatabase.close();
      }
    }
  }
  let allList: AllListResult | undefined;
  const search = targets.find((t) => t.name === SEARCH_ROUTE);
  // A route named in full ("POST /api/v1/client/search") is that route alone: a profile of it without the lists.
  if (search && (!args.route || (ALL_LIST_ROUTE.includes(args.route) && args.route !== SEARCH_ROUTE))) {
    console.log(`"All": ${args.connections} searchers alone, then beside "All" lists read one after another…`);
    allList = await measureAllList(
      server.baseUrl,
      server.pid,
      search,
      await signIn(server.baseUrl),
      args.connections,
      args.duration,
    );
    console.log(
      `  p99 ×${allList.p99Ratio}, RSS +${allList.rssGrowthMb} MB, ${allList.rows} rows in ${allList.seconds} s`,
    );
  }
  let backgroundReport: BackgroundReport | undefined;
  if (accounting && (!args.route || 'report'.includes(args.route))) {
    console.log(`Cash-flow report PDF of ${JSON.stringify(accounting.reportFilter)} in the background…`);
    backgroundReport = await measureBackgroundReport(
      server.baseUrl,
      server.pid,
      await signIn(server.baseUrl),
      accounting.reportFilter,
    );
    console.log(
      `  ${backgroundReport.rows} rows in ${backgroundReport.seconds} s, RSS +${backgroundReport.rssGrowthMb} MB`,
    );
  }
  let threeWay: ThreeWayTiming | undefined;
  if (accounting && (!args.route || 'threeWay'.includes(args.route))) {
    console.log(`Three-way reconciliation of ${accounting.threeWay.length} offices, three rounds…`);
    threeWay = await measureThreeWay(server.baseUrl, await signIn(server.baseUrl), accounting.threeWay);
    console.log(`  median ${threeWay.medianMs} ms, slowest ${threeWay.maxMs} ms`);
  }
  let dashboardPages: DashboardPageTiming[] | undefined;
  if (collections && (!args.route || 'dashboard'.includes(args.route))) {
    console.log("Each role's whole dashboard, its requests at once, then their bare SQL the same way…");
    const tokens = {} as Record<DashboardRole, string>;
    for (const role of Object.keys(ROLE_EMAILS) as DashboardRole[]) {
      tokens[role] = await signIn(server.baseUrl, ROLE_EMAILS[role]);
    }
    // Enough connections for a page's statements all at once, as the server's own pool gives them.
    const bareDatabase = await openDatabase({ databaseUrl: store.env.DATABASE_URL!, poolSize: 12 });
    try {
      dashboardPages = await measureDashboardPages(server.baseUrl, tokens, collections, bareDatabase);
    } finally {
      await bareDatabase.close();
    }
    for (const p of dashboardPages) {
      console.log(`  ${p.role}: p95 ${p.http.p95.toFixed(1)} ms, bare SQL p95 ${p.bareSql.p95.toFixed(1)} ms`);
    }
  }
  let exports: ExportTiming[] | undefined;
  if (dashboards && (!args.route || 'export'.includes(args.route))) {
    exports = await measureDashboardExports(server.baseUrl, store);
  }
  let socketLatency: SocketLatencyResult | undefined;
  if (communication) {
    console.log(`Inbound webhooks → live sockets: ${args.sockets} sockets, ${args.webhooks} webhooks…`);
    const users = await Promise.all(SOCKET_EMAILS.map((email) => socketUser(server.baseUrl, email)));
    socketLatency = await measureSocketLatency(
      server.baseUrl,
      users,
      args.sockets,
      args.webhooks,
      communication.officeSmsNumber,
      communication.inboundFrom,
    );
    console.log(`  p95 ${socketLatency.latency.p95.toFixed(2)} ms, ${socketLatency.missed} missed`);
  }
  let mail: MailResult | undefined;
  if (mailScenario) {
    mail = await measureMail(
      server.baseUrl,
      server.pid,
      () => signIn(server.baseUrl),
      mailScenario,
      (line) => console.log(line),
    );
  }
  let matching: MatchingQuality | undefined;
  if (evaluationSet) {
    console.log(`Matching: ${evaluationSet.length} duplicate checks of the evaluation set…`);
    matching = await measureMatchingQuality(server.baseUrl, await signIn(server.baseUrl), evaluationSet);
    printMatchingQuality(matching);
  }
  await server.stop();
  if (args.cpuProf) console.log(`CPU profile of the server: ${path.join(benchDir, 'results', 'profiles')}`);

  const { postgresUrl: _url, ...shownArgs } = args;
  return {
    startedAt,
    finishedAt: new Date().toISOString(),
    args: shownArgs,
    machine,
    database: { kind: store.kind, location: store.label, clients: args.clients, reused: store.reused },
    seedMs: round(seedMs, 0),
    coldStartMs: round(server.coldStartMs, 1),
    serverProcesses: server.processes,
    vacuumedBeforeEachLoad: vacuum !== undefined,
    routes,
    ...(serviceFloors
      ? { serviceFloors: serviceFloors.map(({ recorded: _recorded, call: _call, ...floor }) => floor) }
      : {}),
    ...(socketLatency ? { socketLatency, messages: args.messages } : {}),
    ...(matching ? { matching } : {}),
    ...(allList ? { allList } : {}),
    ...(decisions ? { decisions } : {}),
    ...(bareSqlLoads.length ? { bareSqlLoads } : {}),
    ...(serviceLoads.length ? { serviceLoads } : {}),
    ...(bareAtPoolSize.length ? { bareAtPoolSize } : {}),
    ...(exports ? { exports } : {}),
    ...(dashboardPages ? { dashboardPages } : {}),
    ...(backgroundReport ? { backgroundReport } : {}),
    ...(threeWay ? { threeWay } : {}),
    ...(mail ? { mail } : {}),
    budgets: [
      ...mailBudgets(mail),
      ...(allList ? allListBudgets(args, allList) : []),
      ...(matching ? matchingBudgets(matching) : []),
      ...judgeBudgets(
        args,
        server.coldStartMs,
        routes,
        socketLatency,
        decisions && { decisions, bareSqlLoads },
        accounting && {
          bareSqlLoads,
          ...(backgroundReport ? { report: backgroundReport } : {}),
          ...(threeWay ? { threeWay } : {}),
        },
        collections && { bareSqlLoads, ...(dashboardPages ? { pages: dashboardPages } : {}) },
        dashboards && { bareSqlLoads, ...(exports ? { exports } : {}) },
        bareSqlLoads,
        serviceLoads,
      ),
    ],
  };
}

async function main(): Promise<number> {
  let args: BenchArgs | 'help';
  try {
    args = parseBenchArgs(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (args === 'help') {
    console.log(USAGE);
    return 0;
  }
  const cleanup = new Cleanup();
  cleanUpOnSignals(cleanup, stopLoad);
  try {
    const report = await run(args, cleanup);
    printReport(report);
    console.log(`\nWritten to ${path.relative(repoRoot, writeReport(report, path.join(benchDir, 'results')))}`);
    // A missed budget is a finding, not a crash: the exit code stays 0 (the table says FAIL).
    return 0;
  } catch (error) {
    console.error(`\nBench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  } finally {
    await cleanup.run();
  }
}

// Explicit exit: keep-alive sockets of fetch or of the load must not hold the finished run open.
process.exit(await main());
