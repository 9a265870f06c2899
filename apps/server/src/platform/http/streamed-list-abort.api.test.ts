import { PAGE_SIZE_ALL } from '@casedesk/contract/common/paging';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';

/*
 * A client that goes away in the middle of "All" must not leave its cursor open: on PostgreSQL that is a
 * pooled connection idle in a transaction for good, and a few of them would starve the pool. The list is
 * long enough (its rows carry 4 kB each, some 16 MB in all) that the server is still reading it when the
 * client stops.
 */
const ROWS = 4_000;
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.database.query(
    `insert into clients (first_name, last_name, office_id)
     select 'Streamed', 'Abort' || g, (select id from offices order by name limit 1) from generate_series(1, ${ROWS}) g`,
  );
  // A long city (not indexed) makes each row large without making the insert slow.
  await t.database.query(`update clients set city = repeat('x', 4096) where first_name = 'Streamed'`);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => t?.close());

/** Cursors still open, or connections left in a transaction, by this test's database. */
async function leftOpen(): Promise<number> {
  const text =
    t.database.kind === 'pglite'
      ? "select count(*)::int as n from pg_cursors where left(name, 5) = 'list_'"
      : `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and state like 'idle in transaction%'`;
  return (await t.database.query<{ n: number }>(text))[0]!.n;
}

/** Sends "All" and destroys the connection once the first bytes are in, as a closed tab does. */
async function stopAfterFirstBytes(authorization: string): Promise<string> {
  const body = JSON.stringify({ pageNumber: 1, pageSize: PAGE_SIZE_ALL, filter: { searchKeyword: 'streamed' } });
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}/api/v1/client/search`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
    });
    request.on('response', (response) => {
      response.once('data', (chunk: Buffer) => {
        request.destroy();
        resolve(`${response.statusCode} ${chunk.toString('utf8', 0, 40)}`);
      });
    });
    request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    request.end(body);
  });
}

it('a client that stops reading "All" half-way gets its cursor closed and its connection back', async () => {
  const { authorization } = await t.authFor(SEEDED.admin);
  expect(await stopAfterFirstBytes(authorization)).toMatch(/^200 \{"pageNumber":1,/);
  let open = await leftOpen();
  for (let tries = 0; open > 0 && tries < 100; tries++) {
    await sleep(50);
    open = await leftOpen();
  }
  expect(open).toBe(0);
  // And the server goes on answering from the same pool.
  const again = await t.app.inject({
    method: 'POST',
    url: '/api/v1/client/search',
    headers: { authorization },
    payload: { pageNumber: 1, pageSize: 10, filter: { searchKeyword: 'streamed abort1' } },
  });
  expect(again.statusCode).toBe(200);
});
