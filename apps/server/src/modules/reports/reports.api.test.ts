import { callSummarySchema, chatCountSummarySchema } from '@casedesk/contract/reports/report';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { pdfTextLines } from '../../../test/support/pdf-text.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { calls } from '../calls/calls.tables.ts';
import { trackingLineMappings } from '../marketing/marketing.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { smsMessages } from '../sms/sms.tables.ts';
import { csvReport, xlsxRows } from './reports.test-support.ts';

let t: TestApp;
let ids: { la: string; lv: string; line: string };
// A quiet week far from the seeded data (which is within the last months), so the counts are exact.
const range = { dateFrom: '2020-03-02', dateTo: '2020-03-08' };
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestApp();
  const officeRows = await t.db().select().from(offices);
  const [line] = await t.db().select({ id: trackingLineMappings.trackingLineId }).from(trackingLineMappings);
  ids = {
    la: officeRows.find((o) => o.name === 'Los Angeles')!.id,
    lv: officeRows.find((o) => o.name === 'Las Vegas')!.id,
    line: line!.id,
  };
  const text = (direction: 'INBOUND' | 'OUTBOUND', officeId: string, createdDate: string) => ({
    direction,
    officeId,
    fromNumber: '2135550100',
    toNumber: '2135550101',
    body: 'hi',
    createdDate: at(createdDate),
  });
  await t
    .db()
    .insert(smsMessages)
    .values([
      text('INBOUND', ids.la, '2020-03-02T18:00:00Z'),
      text('OUTBOUND', ids.la, '2020-03-02T19:00:00Z'),
      text('OUTBOUND', ids.la, '2020-03-04T12:00:00Z'),
      // 02:00 UTC on the 9th is still the 8th at UTC-5: inside the range there, outside it at UTC.
      text('OUTBOUND', ids.la, '2020-03-09T02:00:00Z'),
      text('INBOUND', ids.lv, '2020-03-03T12:00:00Z'),
    ]);
  const call = (over: Partial<typeof calls.$inferInsert>) => ({
    direction: 'INBOUND' as const,
    officeId: ids.la,
    callStartTime: at('2020-03-03T15:00:00Z'),
    ...over,
  });
  await t
    .db()
    .insert(calls)
    .values([
      call({ trackingLineId: ids.line, durationInSeconds: 100, status: 'completed' }),
      call({ trackingLineId: ids.line, durationInSeconds: 50, status: 'completed', duplicate: true }),
      call({ trackingLineId: ids.line, durationInSeconds: 0, status: 'no-answer' }),
      call({ direction: 'OUTBOUND', durationInSeconds: 30, status: 'completed' }),
      call({ officeId: ids.lv, durationInSeconds: 10, status: 'completed' }),
    ]);
});
afterAll(async () => t?.close());

const post = async (url: string, as: string | null, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: as ? await t.authFor(as) : {}, payload: payload as object });

describe('POST /api/v1/reports/chatCountSummary', () => {
  const url = '/api/v1/reports/chatCountSummary';

  it('401, 403 and 400 with the messages', async () => {
    expect((await post(url, null, range)).statusCode).toBe(401);
    expect((await post(url, SEEDED.operator, range)).statusCode).toBe(403);
    const bad = await post(url, SEEDED.admin, { dateFrom: '2020-03-08', dateTo: '2020-03-02' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ dateTo: 'Date To cannot be before Date From.' });
    expect((await post(url, SEEDED.admin, {})).json().fieldErrors.dateFrom).toBe('Date From is a required field.');
    expect((await post(`${url}?offsetHours=20`, SEEDED.admin, range)).statusCode).toBe(400);
  });

  it("counts per office within the caller's office scope", async () => {
    const admin = chatCountSummarySchema.parse((await post(url, SEEDED.admin, range)).json());
    expect(admin.items).toEqual([
      { key: ids.la, label: 'Los Angeles', inbound: 1, outbound: 2, total: 3 },
      { key: ids.lv, label: 'Las Vegas', inbound: 1, outbound: 0, total: 1 },
    ]);
    expect(admin.totals).toEqual({ inbound: 2, outbound: 2, total: 4 });
    // The manager reaches Los Angeles and San Diego only.
    const manager = chatCountSummarySchema.parse((await post(url, SEEDED.manager, range)).json());
    expect(manager.items.map((r) => r.label)).toEqual(['Los Angeles']);
  });

  it('groups by local day (offsetHours), every day of the range shown', async () => {
    const res = await post(`${url}?offsetHours=-5`, SEEDED.admin, { ...range, groupBy: 'DAY', officeId: ids.la });
    const summary = chatCountSummarySchema.parse(res.json());
    expect(summary.items.map((r) => r.label)).toEqual([
      '03-02-2020',
      '03-03-2020',
      '03-04-2020',
      '03-05-2020',
      '03-06-2020',
      '03-07-2020',
      '03-08-2020',
    ]);
    expect(summary.items.map((r) => r.total)).toEqual([2, 0, 1, 0, 0, 0, 1]);
  });

  it('exports CSV, XLSX and PDF under the heading, with the totals row', async () => {
    const csv = await post(`${url}/export`, SEEDED.admin, { ...range, format: 'csv' });
    expect(csv.statusCode).toBe(200);
    const { heading, table } = csvReport(csv.body);
    expect(heading).toMatchObject({
      Report: 'Chat count summary',
      Period: '03-02-2020 to 03-08-2020',
      'Grouped by': 'Office',
      Offices: 'All offices',
      'Time zone': 'UTC+00:00',
      'Generated by': 'Alex Admin',
    });
    expect(heading['Generated at']).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2} [AP]M$/);
    expect(table).toEqual(['Office,Inbound,Outbound,Total', 'Los Angeles,1,2,3', 'Las Vegas,1,0,1', 'Total,2,2,4']);
    const xlsx = await post(`${url}/export`, SEEDED.admin, { ...range, format: 'xlsx', groupBy: 'OPERATOR' });
    const rows = await xlsxRows(xlsx.rawPayload);
    expect(rows[0]).toEqual(['Chat count summary']);
    expect(rows.slice(-3)).toEqual([
      ['Operator', 'Inbound', 'Outbound', 'Total'],
      ['No operator', 2, 2, 4],
      ['Total', 2, 2, 4],
    ]);
    const pdf = await post(`${url}/export`, SEEDED.manager, { ...range, format: 'pdf', timeZone: 'America/Chicago' });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const lines = pdfTextLines(pdf.rawPayload);
    expect(lines).toEqual(expect.arrayContaining(['Chat count summary', 'Time zone: America/Chicago']));
    // The manager's export holds their offices only.
    expect(lines).toContain('Offices: Los Angeles, San Diego');
    expect(lines).not.toContain('Las Vegas');
    expect((await post(`${url}/export`, SEEDED.operator, range)).statusCode).toBe(403);
  });
});

describe('POST /api/v1/reports/callSummary', () => {
  const url = '/api/v1/reports/callSummary';

  it('401, 403 and 400', async () => {
    expect((await post(url, null, range)).statusCode).toBe(401);
    expect((await post(url, SEEDED.operator, range)).statusCode).toBe(403);
    const bad = await post(url, SEEDED.admin, { ...range, groupBy: 'OPERATOR' });
    expect(bad.json().fieldErrors.groupBy).toBe('Group By must be one of SOURCE, OFFICE, DAY.');
  });

  it('summarises per tracking source: answered, missed, duplicates, average talk', async () => {
    const summary = callSummarySchema.parse((await post(url, SEEDED.manager, range)).json());
    const [source] = await t
      .db()
      .select({ source: trackingLineMappings.source })
      .from(trackingLineMappings)
      .where(eq(trackingLineMappings.trackingLineId, ids.line));
    expect(summary.items).toEqual([
      {
        key: source!.source,
        label: source!.source,
        inbound: 3,
        outbound: 0,
        total: 3,
        answered: 2,
        missed: 1,
        duplicates: 1,
        avgTalkSeconds: 75,
      },
      {
        key: 'none',
        label: 'No tracking line',
        inbound: 0,
        outbound: 1,
        total: 1,
        answered: 1,
        missed: 0,
        duplicates: 0,
        avgTalkSeconds: 30,
      },
    ]);
    expect(summary.totals).toMatchObject({ total: 4, answered: 3, avgTalkSeconds: 60 });
    const admin = callSummarySchema.parse((await post(url, SEEDED.admin, { ...range, groupBy: 'OFFICE' })).json());
    expect(admin.items.map((r) => [r.label, r.total])).toEqual([
      ['Los Angeles', 4],
      ['Las Vegas', 1],
    ]);
  });

  it('exports CSV under the heading', async () => {
    const csv = await post(`${url}/export?offsetHours=-5`, SEEDED.admin, { ...range, groupBy: 'OFFICE' });
    const { heading, table } = csvReport(csv.body);
    expect(heading).toMatchObject({ Report: 'Call summary', 'Grouped by': 'Office', 'Time zone': 'UTC-05:00' });
    expect(table[0]).toBe('Office,Inbound,Outbound,Answered,Missed,Avg talk seconds,Duplicates,Total');
  });
});
