/**
 * Budget: a Microsoft Graph directory of 10,000 users syncs (full round) in ≤ 60 s, against a local HTTP server
 * answering /users/delta in Graph's shape, 100 users a page (Graph's default page size for users). Then a delta
 * round of 1 % changed users, for the record. Runs on an in-memory PGlite with the demo seed, or on PostgreSQL
 * when DATABASE_URL is set (that database is migrated and seeded like a server's first start).
 *
 *   node --import tsx bench/src/directory-sync-bench.ts [--users 10000]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { openDatabase } from '@casedesk/server/src/platform/db/database.ts';
import { inProcessBus } from '@casedesk/server/src/platform/realtime/realtime-bus.ts';
import { runDirectorySync } from '@casedesk/server/src/modules/directory/directory-sync.service.ts';
import { prepareDatabase } from '@casedesk/server/src/seed/prepare-database.ts';

const BUDGET_SECONDS = 60;
const PAGE = 100;
const { values } = parseArgs({ options: { users: { type: 'string', default: '10000' } } });
const total = Number(values.users);
const OFFICES = ['Los Angeles', 'Miami', 'Houston', 'Elsewhere'];

const user = (n: number, title = 'Intake Specialist') => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  displayName: `Bench User ${n}`,
  mail: `bench.user${n}@contoso.example`,
  userPrincipalName: `bench.user${n}@contoso.example`,
  jobTitle: title,
  department: OFFICES[n % OFFICES.length],
  accountEnabled: n % 50 !== 0,
});

let base = '';
const server = http.createServer((req, res) => {
  // Read the token request's body before answering, so the kept-alive connection can carry the next request.
  req.resume();
  const url = new URL(req.url ?? '/', base);
  const send = (payload: object) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  };
  if (url.pathname === '/token') return send({ token_type: 'Bearer', expires_in: 3599, access_token: 'bench' });
  if (url.searchParams.get('$deltatoken') === 'full') {
    // 1 % changed: a new title for some, disabled or removed for others.
    const value = Array.from({ length: Math.ceil(total / 100) }, (_, i) => {
      const n = i * 100 + 1;
      if (i % 3 === 0) return { id: user(n).id, '@removed': { reason: 'deleted' } };
      if (i % 3 === 1) return { id: user(n).id, accountEnabled: false };
      return { id: user(n).id, jobTitle: 'Senior Intake Specialist' };
    });
    return send({ value, '@odata.deltaLink': `${base}/v1.0/users/delta?$deltatoken=after` });
  }
  const page = Number(url.searchParams.get('$skiptoken') ?? '0');
  const value = Array.from({ length: Math.max(0, Math.min(PAGE, total - page * PAGE)) }, (_, i) =>
    user(page * PAGE + i + 1),
  );
  const last = (page + 1) * PAGE >= total;
  send({
    value,
    ...(last
      ? { '@odata.deltaLink': `${base}/v1.0/users/delta?$deltatoken=full` }
      : { '@odata.nextLink': `${base}/v1.0/users/delta?$skiptoken=${page + 1}` }),
  });
});

await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const databaseUrl = process.env.DATABASE_URL;
const database = await openDatabase(databaseUrl ? { databaseUrl } : {});
try {
  await prepareDatabase({ demo: true, SEED_CLIENTS: 0 }, database);
  const deps = {
    db: database.db,
    bus: inProcessBus(),
    // As the route does: users of a page at once on PostgreSQL, one at a time on PGlite's one connection.
    concurrency: database.kind === 'postgres' ? 5 : 1,
    config: {
      GRAPH_TENANT_ID: 'bench',
      GRAPH_CLIENT_ID: 'bench',
      GRAPH_CLIENT_SECRET: 'bench',
      GRAPH_BASE_URL: `${base}/v1.0`,
      GRAPH_TOKEN_URL: `${base}/token`,
    },
  };
  const run = async (label: string) => {
    const started = performance.now();
    const result = await runDirectorySync(deps, { trigger: 'manual', actor: null });
    const seconds = (performance.now() - started) / 1000;
    console.log(`${label}: ${seconds.toFixed(1)} s (${result.mode})`, result.counts);
    return seconds;
  };
  console.log(`${database.kind}, ${total} users`);
  const full = await run('full round');
  await run('delta round (1 % changed)');
  const within = full <= (BUDGET_SECONDS * total) / 10_000;
  console.log(
    `budget: ${total} users ≤ ${((BUDGET_SECONDS * total) / 10_000).toFixed(0)} s: ${within ? 'met' : 'MISSED'}`,
  );
  process.exitCode = within ? 0 : 1;
} finally {
  await database.close();
  server.close();
}
