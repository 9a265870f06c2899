import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.ts';
import { createTestApp, SEEDED } from '../support/test-app.ts';
import type { Failure } from './fuzz-runner.ts';
import { FuzzRunner, operationSeed } from './fuzz-runner.ts';
import type { SchemaRoot } from './json-schema.ts';
import type { Operation } from './operations.ts';
import { isFuzzedPath, listOperations } from './operations.ts';
import { registeredRoutes } from './route-table.ts';
import { knownUuids, rowCounter, watchedTables } from './row-counts.ts';

/**
 * Walks every operation of the OpenAPI document with generated requests, valid and malformed, as the
 * admin (who passes every permission check, so the handlers and the database are reached).
 * DESIGN §3: bad input never yields a 5xx or a half-written record, and every 4xx has one shape.
 *
 * Reproduce or widen a run: FUZZ_SEED=<n> FUZZ_RUNS=<n> npx vitest run --project api apps/server/test/fuzz
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_114);
const RUNS = Math.max(200, Number(process.env.FUZZ_RUNS ?? 200));
/** How many kinds of failure the report spells out; the count of all of them is always given. */
const SHOWN_GROUPS = 30;

let t: TestApp;
let document: SchemaRoot;
let operations: Operation[];
let runner: FuzzRunner;

beforeAll(async () => {
  t = await createTestApp();
  document = t.app.swagger() as unknown as SchemaRoot;
  operations = listOperations(document);
  const tables = await watchedTables(t.database);
  runner = new FuzzRunner({
    app: t.app,
    authorization: (await t.authFor(SEEDED.admin)).authorization,
    countRows: rowCounter(t.database, tables),
    seed: SEED,
    runs: RUNS,
    context: { root: document, knownUuids: await knownUuids(t.database) },
  });
});
afterAll(async () => t?.close());

/** One example per operation and kind of problem, so a single root cause does not bury the others. */
function report(failures: Failure[]): string {
  const groups = new Map<string, { first: Failure; count: number }>();
  for (const failure of failures) {
    const key = `${failure.operation} ${failure.problem.replace(/\d+ -> \d+|#\d+/g, 'N').slice(0, 80)}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { first: failure, count: 1 });
  }
  const lines = [...groups.values()]
    .slice(0, SHOWN_GROUPS)
    .map(
      ({ first: f, count }) =>
        `- ${f.operation} #${f.index} (${f.kind}; ${count} like it; seed ${operationSeed(SEED, f.operation)}): ${f.problem}\n` +
        `    request:  ${f.request}\n    response: ${f.response}`,
    );
  const more = groups.size > SHOWN_GROUPS ? `\n… and ${groups.size - SHOWN_GROUPS} more kinds` : '';
  return `${failures.length} fuzz failure(s) with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}:\n${lines.join('\n')}${more}\n`;
}

describe('fuzzing every /api/ operation of the OpenAPI document', () => {
  it('never answers 5xx, keeps the error shape on 4xx, JSON on 2xx, and writes no row on a 4xx', async () => {
    for (const operation of operations) await runner.runOperation(operation);
    const summary = [...runner.statuses].map(
      ([id, statuses]) => `${id}: ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    console.info(`fuzz seed ${SEED}, ${RUNS} requests per operation; statuses:\n${summary.join('\n')}`);
    expect(runner.failures.length, report(runner.failures)).toBe(0);
    // Some 200 operations of 200 requests each: about 2 minutes alone on a two-core machine, several times
    // that beside other work on a shared one; the limit is for a run that hangs, not for a slow one.
  }, 900_000);

  it('covered every documented operation with its full share of requests', () => {
    const documented = listOperations(document)
      .map((o) => o.id)
      .sort();
    expect(documented).toContain('GET /api/health');
    const covered = Object.fromEntries(runner.coverage);
    expect(Object.keys(covered).sort()).toEqual(documented);
    for (const id of documented) expect(covered[id], id).toBeGreaterThanOrEqual(RUNS);
  });

  it('finds every registered /api/ route in the document, so none escapes the fuzzing', async () => {
    const documented = new Set(listOperations(document).map((o) => o.id));
    const registered = registeredRoutes(t.app).filter((route) => isFuzzedPath(route.slice(route.indexOf(' ') + 1)));
    // The route-table reader must still understand printRoutes' format, or this check proves nothing.
    expect(registered).toContain('GET /api/health');
    expect(registered.filter((route) => !documented.has(route))).toEqual([]);
  });

  it('serves the same operations at /api/docs/json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const served = listOperations(response.json<SchemaRoot>()).map((o) => o.id);
    expect(served.sort()).toEqual(
      listOperations(document)
        .map((o) => o.id)
        .sort(),
    );
  });
});
