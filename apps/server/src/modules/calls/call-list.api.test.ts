import { CALL_COLUMNS, CALL_SORTS, callListResponseSchema } from '@casedesk/contract/calls/call';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { calls } from './calls.tables.ts';
import { callRefs, injector, SEEDED } from './calls.test-support.ts';

let t: TestApp;
let refs: Awaited<ReturnType<typeof callRefs>>;
let send: ReturnType<typeof injector>;
beforeAll(async () => {
  t = await createTestApp();
  refs = await callRefs(t);
  send = injector(t);
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
  await t
    .db()
    .insert(calls)
    .values([
      // In scope for the manager (Los Angeles) and out of it (Las Vegas).
      {
        direction: 'INBOUND',
        callerId: '6265550001',
        numberDialed: refs.laLine.dnis,
        trackingLineId: refs.laLine.id,
        officeId: refs.inScope.id,
        title: 'Zed Listed, "Jr"',
        callResolution: '=cmd|calc',
        callStartTime: minutesAgo(90),
        durationInSeconds: 61,
      },
      {
        direction: 'INBOUND',
        callerId: '6265550002',
        numberDialed: refs.lvLine.dnis,
        trackingLineId: refs.lvLine.id,
        officeId: refs.outOfScope.id,
        title: 'Zed Elsewhere',
        callStartTime: minutesAgo(5),
      },
    ]);
});
afterAll(async () => t?.close());

const list = (as: string | null, body: unknown) => send('POST', '/api/v1/call/all', as, body);

describe('POST /api/v1/call/all', () => {
  it('401, 403 and 400', async () => {
    expect((await list(null, {})).statusCode).toBe(401);
    expect((await list(SEEDED.attorney, {})).statusCode).toBe(403);
    const bad = await list(SEEDED.operator, { sortBy: 'password' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.sortBy).toBe('Sort By must be a calls column.');
    expect((await list(SEEDED.operator, { filter: { direction: 'SIDEWAYS' } })).json().fieldErrors).toEqual({
      'filter.direction': 'Direction must be INBOUND or OUTBOUND.',
    });
  });

  it('lists the seeded calls with every SPEC §2 column filled from its join', async () => {
    const page = callListResponseSchema.parse((await list(SEEDED.operator, { pageSize: 500 })).json());
    expect(page.totalCount).toBeGreaterThan(100);
    const inbound = page.items.filter((c) => c.direction === 'INBOUND' && c.talkSeconds !== null);
    expect(inbound.some((c) => c.pointTo && c.opName && c.lawType && c.callResolution && c.title)).toBe(true);
    expect(page.items.some((c) => c.duplicate)).toBe(true);
    // The seed leaves calls in progress so the ongoing highlight shows (SPEC §4).
    expect(page.items.some((c) => c.ongoing)).toBe(true);
  });

  it("keeps to the caller's CALLS READ office scope in SQL", async () => {
    const scoped = callListResponseSchema.parse(
      (await list(SEEDED.manager, { filter: { searchKeyword: 'Zed' }, pageSize: 10 })).json(),
    );
    expect(scoped.items.map((c) => c.title)).toEqual(['Zed Listed, "Jr"']);
    expect(scoped.totalCount).toBe(1);
    const all = callListResponseSchema.parse(
      (await list(SEEDED.operator, { filter: { searchKeyword: 'Zed' } })).json(),
    );
    expect(all.items.map((c) => c.title)).toEqual(['Zed Elsewhere', 'Zed Listed, "Jr"']);
    expect(all.items[0]).toMatchObject({ ongoing: true, pointTo: 'Las Vegas' });
    const outside = await list(SEEDED.manager, { filter: { officeId: refs.outOfScope.id } });
    expect(outside.json().totalCount).toBe(0);
  });

  it('filters by direction, date range and phone digits', async () => {
    const out = callListResponseSchema.parse(
      (await list(SEEDED.operator, { filter: { direction: 'OUTBOUND' }, pageSize: 50 })).json(),
    );
    expect(out.items.every((c) => c.direction === 'OUTBOUND')).toBe(true);
    const recent = callListResponseSchema.parse(
      (
        await list(SEEDED.operator, {
          filter: { dateFrom: new Date(Date.now() - 30 * 60_000).toISOString(), searchKeyword: '626555' },
        })
      ).json(),
    );
    expect(recent.items.map((c) => c.title)).toEqual(['Zed Elsewhere']);
  });

  it('sorts on the server by every column, both ways', async () => {
    for (const sortBy of CALL_SORTS) {
      for (const sortOrder of ['ASC', 'DESC']) {
        const res = await list(SEEDED.operator, { sortBy, sortOrder, pageSize: 25 });
        expect(res.statusCode, `${sortBy} ${sortOrder}`).toBe(200);
        expect(res.json().items).toHaveLength(25);
      }
    }
    const byTalk = callListResponseSchema.parse(
      (await list(SEEDED.operator, { sortBy: 'talkSeconds', sortOrder: 'DESC', pageSize: 100 })).json(),
    );
    const seconds = byTalk.items.map((c) => c.talkSeconds ?? -1);
    expect(seconds).toEqual([...seconds].sort((a, b) => b - a));
  });
});

describe('POST /api/v1/call/export', () => {
  const exportAs = (as: string | null, body: unknown, query = '?offsetHours=-5') =>
    send('POST', `/api/v1/call/export${query}`, as, body);

  it('401, 403 and 400', async () => {
    expect((await exportAs(null, {})).statusCode).toBe(401);
    expect((await exportAs(SEEDED.attorney, {})).statusCode).toBe(403);
    expect((await exportAs(SEEDED.operator, { format: 'pdf' })).json().fieldErrors.format).toBe(
      'Format must be one of csv, xlsx.',
    );
    expect((await exportAs(SEEDED.operator, {}, '?offsetHours=99')).statusCode).toBe(400);
  });

  it('CSV with the SPEC §2 headers, scoped, times at offsetHours, formulas neutralised', async () => {
    const res = await exportAs(SEEDED.manager, { format: 'csv', filter: { searchKeyword: 'Zed' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(CALL_COLUMNS.map((c) => c.header).join(','));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^"Zed Listed, ""Jr""",\(626\) 555-0001,'=cmd\|calc,,61,\(213\) 555-0404,Los Angeles,\d\d-\d\d-\d{4} \d\d:\d\d (AM|PM),,No$/,
    );
  });

  it('XLSX of the same rows', async () => {
    const res = await exportAs(SEEDED.operator, { format: 'xlsx', filter: { searchKeyword: 'Zed' } });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Calls')!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...CALL_COLUMNS.map((c) => c.header)]);
    expect(sheet.rowCount).toBe(3);
  });
});
