import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRoot } from '../fuzz/json-schema.ts';
import { listOperations } from '../fuzz/operations.ts';
import { allowCollectionContactsAllDay } from '../factories/collection-accounts.factory.ts';
import { rowCounter, watchedTables } from '../fuzz/row-counts.ts';
import type { TestApp } from '../support/test-app.ts';
import { createTestApp } from '../support/test-app.ts';
import { insertCaller, loadRefs } from './caller-and-refs.ts';
import { OfficeRecords, recordFaker } from './record-factories.ts';
import { RouteChecker } from './route-check.ts';

/**
 * The object-level check (OWASP API1, DESIGN §3) of every route that declares the record ids it takes
 * (config.records). The caller holds every permission at every level, each limited to their own office A.
 * Each declared id is sent naming office B's record of its kind, and naming no record at all: the two
 * answers must be the same (status and body), the one for nothing must show the id was looked up (404, or a
 * 400 naming the field), and the request naming office B's record must write no row and change none of B's.
 * Then the request with office A's records must get through, so the permissions and requests are sound.
 *
 * A new route with records is checked without anyone listing it: its request is generated from its schema,
 * and when that cannot be done the test fails saying where to add a template (base-requests.ts).
 */

/**
 * Tables a refused request may legitimately write besides those row-counts.ts leaves out: the per-user
 * rate-limit counters (PostgreSQL only) count every signed-in request to a limited route, refused or not,
 * and the first request of each minute's window adds a row.
 */
const BOOKKEEPING = new Set(['rate_limit_counters']);

let t: TestApp;
let checker: RouteChecker;

const declaredFields = () =>
  t.app.routeAccessTable.flatMap((e) => Object.keys(e.records ?? {}).map((field) => `${e.method} ${e.url} ${field}`));

function report(failures: string[]): string {
  return `${failures.length} object-level failure(s):\n${failures.map((f) => `- ${f}`).join('\n')}\n`;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db();
  // Office A's collection call and text must get through whatever the hour the suite runs at: the time-of-day
  // contact rule would refuse them in the client's evening (a 422 that is no object-level answer).
  await allowCollectionContactsAllDay(db);
  const refs = await loadRefs(db);
  const caller = await insertCaller(db, refs.officeA.id);
  const faker = recordFaker(20_260_115);
  const recordsOfB = new OfficeRecords(db, refs.officeB, refs, faker, t.app.files.storage);
  const root = t.app.swagger() as unknown as SchemaRoot;
  const tables = (await watchedTables(t.database)).filter((name) => !BOOKKEEPING.has(name));
  checker = new RouteChecker({
    app: t.app,
    authorization: (await t.authFor(caller.mail)).authorization,
    root,
    operations: listOperations(root),
    refs,
    recordsOfA: () => new OfficeRecords(db, refs.officeA, refs, faker, t.app.files.storage),
    recordsOfB,
    countRows: rowCounter(t.database, tables),
    readRecordsOfB: async () => {
      const reads = recordsOfB.rows.map(
        ({ table, id }) => `(SELECT row_to_json(r)::text AS row FROM public."${table}" r WHERE r.id = '${id}')`,
      );
      const rows = await t.database.query<{ row: string }>(reads.join(' UNION ALL '));
      return rows.map((r) => r.row).join('\n');
    },
  });
});
afterAll(async () => t?.close());

describe('object-level access of every route that takes a record id', () => {
  it("answers office B's record as an id that names nothing, writing nothing", async () => {
    const routes = t.app.routeAccessTable.filter((e) => e.records);
    expect(routes.length).toBeGreaterThan(0);
    for (const entry of routes) await checker.checkRoute(entry);
    expect(checker.failures, report(checker.failures)).toEqual([]);
  }, 120_000);

  // After every refused request: what these write (texts, calls, bookings) may go on in the background.
  it("lets office A's records through (positive control)", async () => {
    for (const route of checker.checked) await checker.checkPositive(route);
    console.info(`object-level checks (status of each answer):\n${checker.summary.join('\n')}`);
    expect(checker.positiveFailures, report(checker.positiveFailures)).toEqual([]);
  }, 120_000);

  it('tried every declared field of every route', () => {
    expect(checker.covered.sort()).toEqual(declaredFields().sort());
  });
});
