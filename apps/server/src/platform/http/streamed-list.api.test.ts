import { APPOINTMENT_LIST_TYPES } from '@casedesk/contract/appointments/appointment';
import { PAGE_SIZE_ALL } from '@casedesk/contract/common/paging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';

/*
 * SPEC §2 "All": a list longer than 1,000 rows is read from a cursor and streamed (listPage). Whatever the
 * path, the answer must be the one a page gives: the same rows in the same order and the same total. Every
 * list route the product has is here; the seeded data gives each of them rows.
 */
const LISTS: { url: string; body?: object }[] = [
  { url: '/api/v1/client/search', body: { filter: {} } },
  { url: '/api/v1/call/all' },
  { url: '/api/v1/inquiry/all' },
  { url: '/api/v1/sms/all?offsetHours=0' },
  { url: '/api/v1/user/directory' },
  ...APPOINTMENT_LIST_TYPES.map((type) => ({
    url: `/api/v1/appointment/${type}`,
    body: { filter: { includeDeleted: true } },
  })),
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function list(url: string, body: object, pageSize: number) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: await t.authFor(SEEDED.admin),
    payload: { ...body, pageNumber: 1, pageSize },
  });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json<{ items: unknown[]; totalCount: number; pageSize: number }>();
}

describe('"All" streamed from a cursor answers as a page does', () => {
  it.each(LISTS)('$url', async ({ url, body = {} }) => {
    const page = await list(url, body, 1000);
    expect(page.items.length, `${url} needs seeded rows to prove anything`).toBeGreaterThan(0);
    expect(page.items.length, `${url} has more rows than one page: compare more pages`).toBeLessThan(1000);
    const all = await list(url, body, PAGE_SIZE_ALL);
    expect(all).toEqual({ ...page, pageSize: PAGE_SIZE_ALL });
  });
});
