import { randomUUID } from 'node:crypto';
import { errorBodySchema } from '@casedesk/contract/common/error-body';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecondInstance } from '../../../test/support/second-instance.ts';
import { startSecondInstance } from '../../../test/support/second-instance.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import type { RateLimitBucket } from './rate-limit.ts';
import { postgresRateLimitStore } from './rate-limit-store.ts';

// Held still, 10 s into a minute: every count of a test falls in one window, whatever the wall clock says.
let now = Date.UTC(2026, 0, 5, 9, 30, 10);
const clock = () => now;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { SEARCH_RATE_LIMIT_PER_MINUTE: '3', EXPORT_RATE_LIMIT_PER_MINUTE: '2' },
    { rateLimitClock: clock },
  );
});
afterAll(async () => t?.close());

const search = async (as: string, app = t.app, payload: object = { filter: { searchKeyword: 'smith' } }) =>
  app.inject({ method: 'POST', url: '/api/v1/client/search', headers: await t.authFor(as), payload });

const clientExport = async (as: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/client/export?offsetHours=0',
    headers: await t.authFor(as),
    payload: { format: 'csv', filter: { searchKeyword: 'nobody-by-this-name' } },
  });

describe('per-user rate limits (DESIGN §7)', () => {
  it('the request past the limit is 429 with Retry-After and the error shape; other users are unaffected', async () => {
    // Invalid requests are refused before they are counted.
    expect((await search(SEEDED.operator, t.app, { pageSize: 0 })).statusCode).toBe(400);
    for (let i = 0; i < 3; i += 1) expect((await search(SEEDED.operator)).statusCode).toBe(200);
    const limited = await search(SEEDED.operator);
    expect(limited.statusCode).toBe(429);
    // 50 s are left of the window the clock stands in.
    expect(limited.headers['retry-after']).toBe('50');
    const body = errorBodySchema.parse(limited.json());
    expect(body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'RATE_LIMITED',
      message: 'Too many requests. Try again in 50 seconds.',
    });
    expect((await search(SEEDED.manager)).statusCode).toBe(200);

    // The next window starts a new count.
    now += 60_000;
    expect((await search(SEEDED.operator)).statusCode).toBe(200);
  });

  it('routes naming one bucket share its count; other buckets keep their own', async () => {
    for (let i = 0; i < 2; i += 1) expect((await clientExport(SEEDED.admin)).statusCode).toBe(200);
    expect((await clientExport(SEEDED.admin)).statusCode).toBe(429);
    const calls = await t.app.inject({
      method: 'POST',
      url: '/api/v1/call/export?offsetHours=0',
      headers: await t.authFor(SEEDED.admin),
      payload: { format: 'csv' },
    });
    expect(calls.statusCode).toBe(429);
    expect(Number(calls.headers['retry-after'])).toBeGreaterThan(0);
    expect((await search(SEEDED.admin)).statusCode).toBe(200);
  });
});

describe('routes that declare a limit', () => {
  const bucketOf = (method: string, url: string): RateLimitBucket | undefined =>
    t.app.routeRateLimitTable.find((r) => r.method === method && r.url === url)?.bucket;

  it('every export route draws on the export budget', () => {
    const exports = t.app.routeAccessTable.filter((r) => /export/i.test(r.url));
    expect(exports.length).toBeGreaterThanOrEqual(7);
    for (const route of exports) expect([route.url, bucketOf(route.method, route.url)]).toEqual([route.url, 'export']);
  });

  it('search, the duplicate and conflict checks, click-to-call and every way of sending a text', () => {
    const expected: [string, string, RateLimitBucket][] = [
      ['POST', '/api/v1/client/search', 'search'],
      ['POST', '/api/v1/client/duplicate', 'matching'],
      ['POST', '/api/v1/inquiry/duplicate', 'matching'],
      ['POST', '/api/v1/inquiry/potentialConflicts', 'matching'],
      ['POST', '/api/v1/call/click2Call', 'click-to-call'],
      ['POST', '/api/v1/sms/send', 'sms'],
      ['POST', '/api/v1/sms/retry', 'sms'],
      ['POST', '/api/v1/sms/chatOption', 'sms'],
    ];
    for (const [method, url, bucket] of expected) expect([url, bucketOf(method, url)]).toEqual([url, bucket]);
  });
});

describe('the shared store (rate_limit_counters)', () => {
  // The app counts in memory on the embedded database; the table's statements run on both engines.
  it('counts per bucket, user and window; a sweep deletes windows before the cut', async () => {
    const store = postgresRateLimitStore(t.db());
    const [a, b] = [randomUUID(), randomUUID()];
    const window = Date.UTC(2026, 0, 5, 10, 0);
    expect(await store.hit('search', a, window)).toBe(1);
    expect(await store.hit('search', a, window)).toBe(2);
    expect(await store.hit('export', a, window)).toBe(1);
    expect(await store.hit('search', b, window)).toBe(1);
    expect(await store.hit('search', a, window + 60_000)).toBe(1);
    await store.sweep(window + 60_000);
    expect(await store.hit('search', a, window)).toBe(1);
    expect(await store.hit('search', a, window + 60_000)).toBe(2);
  });

  it('hits made at once are counted together, each once: the places are 1 … n and the table holds n', async () => {
    const store = postgresRateLimitStore(t.db());
    const [a, b] = [randomUUID(), randomUUID()];
    const window = Date.UTC(2026, 0, 5, 11, 0);
    const [ofA, ofB] = await Promise.all([
      Promise.all(Array.from({ length: 30 }, () => store.hit('search', a, window))),
      Promise.all(Array.from({ length: 5 }, () => store.hit('search', b, window))),
    ]);
    expect(ofA.toSorted((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(ofB.toSorted((x, y) => x - y)).toEqual([1, 2, 3, 4, 5]);
    const counted = await t.database.query<{ user_id: string; count: number }>(
      'SELECT user_id, count FROM rate_limit_counters WHERE user_id IN ($1, $2) ORDER BY count',
      [a, b],
    );
    expect(counted.map((r) => [r.user_id, Number(r.count)])).toEqual([
      [b, 5],
      [a, 30],
    ]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('on PostgreSQL', () => {
  let second: SecondInstance;
  beforeAll(async () => {
    second = await startSecondInstance(t, { rateLimitClock: clock });
  });
  afterAll(async () => second?.close());

  it('instances share one count per user', async () => {
    now += 120_000;
    expect((await search(SEEDED.manager, t.app)).statusCode).toBe(200);
    expect((await search(SEEDED.manager, second.app)).statusCode).toBe(200);
    expect((await search(SEEDED.manager, t.app)).statusCode).toBe(200);
    expect((await search(SEEDED.manager, second.app)).statusCode).toBe(429);
    expect((await search(SEEDED.manager, t.app)).statusCode).toBe(429);
  });
});
