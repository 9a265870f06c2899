import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '@casedesk/server/src/seed/seed.ts';
import { signInWithCodeFlow } from '@casedesk/server/test/support/code-flow.ts';
import { fetchClient } from '@casedesk/server/test/support/http-client.ts';
import type { BenchArgs } from './args.ts';
import { parseBenchArgs, USAGE } from './args.ts';
import type { BareSqlResult } from './bare-sql.ts';
import { measureBareSql } from './bare-sql.ts';
import type { ServiceFloor } from './clients-scenario.ts';
import {
  addInquiriesAtScale,
  buildClientScenario,
  clientScenarioTargets,
  measureClientFloors,
} from './clients-scenario.ts';
import { Cleanup, cleanUpOnSignals } from './cleanup.ts';
import { createDataStore, seedStore } from './data-store.ts';
import type { LoadResult, RouteTarget } from './load.ts';
import { loadRoute, stopLoad, WARM_UP_SECONDS } from './load.ts';
import type { BenchReport } from './report.ts';
import { judgeBudgets, machineInfo, printReport, writeReport } from './report.ts';
import { startServer } from './server-process.ts';
import { round } from './stats.ts';

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(benchDir, '..');
const ADMIN_EMAIL = 'admin@casedesk.local';
const SEARCH_KEYWORD = 'an';

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
async function signIn(baseUrl: string): Promise<string> {
  const tokens = await signInWithCodeFlow(fetchClient(baseUrl), {
    issuer: `${baseUrl}/idp`,
    clientId: 'casedesk-web',
    redirectUri: `${baseUrl}/`,
    resource: 'urn:casedesk:api',
    email: ADMIN_EMAIL,
    password: DEMO_PASSWORD,
  });
  return tokens.access_token;
}

/** Every body once first, so a broken route or body fails loudly instead of as a table of fast 4xx. */
async function checkRoute(baseUrl: string, target: RouteTarget, token: string): Promise<void> {
  for (const body of target.bodies ?? [target.body]) {
    const response = await fetch(`${baseUrl}${target.path}`, {
      method: target.method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body } : {}),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${target.name} answered ${response.status}: ${text.slice(0, 300)}`);
  }
}

async function run(args: BenchArgs, cleanup: Cleanup): Promise<BenchReport> {
  const startedAt = new Date().toISOString();
  // Taken before the bench's own seed and server add to the machine's load.
  const machine = await machineInfo(repoRoot);
  const store = await createDataStore(args, cleanup);
  console.log(`Fresh ${store.kind} store at ${store.label}`);
  const seedMs = await seedStore(store, args.clients, repoRoot, cleanup);

  // PGlite's directory opens in one process at a time, so the floor is measured before the server holds it.
  const database = await store.open();
  let targets = TARGETS;
  let bareSql: BareSqlResult | undefined;
  let serviceFloors: ServiceFloor[] | undefined;
  try {
    if (args.scenario === 'clients') {
      const added = await addInquiriesAtScale(database, args.clients);
      console.log(`Added ${added} inquiries with opposing parties (the conflict check's other table).`);
      console.log('Sampling clients for the request bodies, then measuring the service floor…');
      const bodies = await buildClientScenario(database);
      targets = clientScenarioTargets(bodies);
      serviceFloors = await measureClientFloors(database, ADMIN_EMAIL, bodies);
    } else {
      console.log('Measuring bare SQL…');
      bareSql = await measureBareSql(database, ADMIN_EMAIL, SEARCH_KEYWORD);
    }
  } finally {
    await database.close();
  }

  console.log('Starting the server…');
  const server = await startServer({
    repoRoot,
    databaseEnv: store.env,
    onSpawn: (stop) => cleanup.add('stop the server', stop),
    // The profile is written when the server exits, which the SIGTERM of server.stop() makes it do cleanly.
    extraNodeArgs: args.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${path.join(benchDir, 'results', 'profiles')}`] : [],
  });
  console.log(`Healthy at ${server.baseUrl} after ${server.coldStartMs.toFixed(0)} ms`);

  const routes: LoadResult[] = [];
  for (const target of targets) {
    // A fresh token per route: the access token lives 10 minutes, one route's run fits in it.
    const token = await signIn(server.baseUrl);
    await checkRoute(server.baseUrl, target, token);
    console.log(
      `Load: ${target.name}, ${args.connections} connections, ${WARM_UP_SECONDS} s warm-up + ${args.duration} s…`,
    );
    const result = await loadRoute(server.baseUrl, target, token, args.connections, args.duration);
    console.log(`  ${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.latency.p99.toFixed(2)} ms`);
    routes.push(result);
  }
  await server.stop();
  if (args.cpuProf) console.log(`CPU profile of the server: ${path.join(benchDir, 'results', 'profiles')}`);

  const { postgresUrl: _url, ...shownArgs } = args;
  return {
    startedAt,
    finishedAt: new Date().toISOString(),
    args: shownArgs,
    machine,
    database: { kind: store.kind, location: store.label, clients: args.clients },
    seedMs: round(seedMs, 0),
    coldStartMs: round(server.coldStartMs, 1),
    routes,
    ...(bareSql ? { bareSql } : {}),
    ...(serviceFloors ? { serviceFloors } : {}),
    budgets: judgeBudgets(args, server.coldStartMs, routes),
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

// Explicit exit: keep-alive sockets of fetch or autocannon must not hold the finished run open.
process.exit(await main());
