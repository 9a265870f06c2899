/**
 * Budget: SCIM provisioning of 10,000 users, one request at a time as Entra ID and Okta send them, in ≤ 60 s.
 * The real server over HTTP on a loopback port, the demo seed, PGlite or PostgreSQL (DATABASE_URL naming a
 * database of its own, migrated and seeded like a server's first start). Prints the total and the request
 * times, and exits 1 when the budget is missed.
 *
 *   node --import tsx bench/src/scim-bench.ts [--users 10000]
 */
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { buildApp } from '@casedesk/server/src/app.ts';
import { DEMO_SCIM_TOKEN, loadConfig } from '@casedesk/server/src/config.ts';
import { openDatabase } from '@casedesk/server/src/platform/db/database.ts';
import { prepareDatabase } from '@casedesk/server/src/seed/prepare-database.ts';

const BUDGET_SECONDS = 60;
const { values } = parseArgs({ options: { users: { type: 'string', default: '10000' } } });
const total = Number(values.users);
const databaseUrl = process.env.DATABASE_URL;
const config = loadConfig({
  DEMO: 'true',
  LOG_LEVEL: 'warn',
  SEED_CLIENTS: '0',
  SCIM_TOKEN: DEMO_SCIM_TOKEN,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const database = await openDatabase(databaseUrl ? { databaseUrl } : {});
await prepareDatabase(config, database);
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/scim/v2`;
const headers = { authorization: `Bearer ${DEMO_SCIM_TOKEN}`, 'content-type': 'application/scim+json' };

const times: number[] = [];
try {
  const started = performance.now();
  for (let n = 0; n < total; n++) {
    const sent = performance.now();
    const res = await fetch(`${base}/Users`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        externalId: `bench-${n}`,
        userName: `scim.bench${n}@contoso.example`,
        active: true,
        name: { givenName: 'Bench', familyName: `User ${n}` },
        title: 'Intake Specialist',
      }),
    });
    await res.arrayBuffer();
    if (res.status !== 201) throw new Error(`user ${n}: ${res.status}`);
    times.push(performance.now() - sent);
  }
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.floor(q * (times.length - 1))]!.toFixed(1);
  console.log(`${database.kind}, ${total} users one at a time: ${seconds.toFixed(1)} s`);
  console.log(`per request ms: median ${at(0.5)}, p95 ${at(0.95)}, p99 ${at(0.99)}`);
  const limit = (BUDGET_SECONDS * total) / 10_000;
  console.log(`budget: ${total} users ≤ ${limit.toFixed(0)} s: ${seconds <= limit ? 'met' : 'MISSED'}`);
  process.exitCode = seconds <= limit ? 0 : 1;
} finally {
  await app.close();
  await database.close();
}
