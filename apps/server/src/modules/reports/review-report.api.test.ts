import { addDays } from '@casedesk/contract/appointments/zoned-time';
import { reviewReportSchema } from '@casedesk/contract/reports/review-report';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfTextLines } from '../../../test/support/pdf-text.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { setPermissions } from '../access/access.service.ts';
import { clients } from '../clients/clients.tables.ts';
import { reviewRequests, smsMessages } from '../sms/sms.tables.ts';
import { csvReport, freshNumber, officeAndUserRefs, sender, xlsxRows } from './reports.test-support.ts';

let t: TestApp;
let refs: Awaited<ReturnType<typeof officeAndUserRefs>>;
let call: ReturnType<typeof sender>;
const url = '/api/v1/reports/review';
const today = new Date().toISOString().slice(0, 10);
// Around today: the chat options send now; UTC days, so the counts do not depend on the machine's zone.
const range = { dateFrom: addDays(today, -1), dateTo: addDays(today, 1), timeZone: 'UTC' };
const CALL_CENTRE_REPORTER = SEEDED.collector;
let laNumber: string;

async function clientIn(officeId: string) {
  const number = freshNumber();
  const [row] = await t
    .db()
    .insert(clients)
    .values({ firstName: 'Rita', lastName: 'Moreno', mobileNumber: number, email: 'rita@example.com', officeId })
    .returning();
  return { id: row!.id, number };
}

beforeAll(async () => {
  t = await createTestApp();
  refs = await officeAndUserRefs(t);
  call = sender(t);
  const la = await clientIn(refs.la.id);
  const lv = await clientIn(refs.lv.id);
  laNumber = la.number;
  const send = async (as: string, option: string, clientId: string) => {
    const res = await call('POST', '/api/v1/sms/chatOption', as, { option, clientId });
    if (res.statusCode !== 200) throw new Error(res.body);
  };
  // The operator asks the Los Angeles client by text and by mail; the admin asks the Las Vegas one by text.
  await send(SEEDED.operator, 'SEND_REVIEW_TEXT', la.id);
  await send(SEEDED.operator, 'SEND_REVIEW', la.id);
  await send(SEEDED.admin, 'SEND_REVIEW_TEXT', lv.id);
  // A welcome text is no review request.
  await send(SEEDED.operator, 'SEND_WELCOME_TEXT', la.id);
  // The Los Angeles client answers a minute later.
  await t
    .db()
    .insert(smsMessages)
    .values({
      direction: 'INBOUND',
      fromNumber: la.number,
      toNumber: refs.la.smsNumber!,
      body: 'Done, thanks!',
      officeId: refs.la.id,
      createdDate: new Date(Date.now() + 60_000),
    });
  await setPermissions(t.db(), refs.userId(CALL_CENTRE_REPORTER), [
    {
      permissionType: 'CALL_CENTER_REPORTING',
      accessLevelDTO: [
        {
          accessType: 'READ',
          conditionDTO: [{ conditionType: 'OFFICE', relationType: 'EQUALS', values: [refs.lv.id] }],
        },
      ],
    },
  ]);
});
afterAll(async () => t?.close());

describe('review requests', () => {
  it('are recorded with the text or mail that sent them', async () => {
    const rows = await t.db().select().from(reviewRequests).where(eq(reviewRequests.phoneNumber, laNumber));
    expect(rows.map((r) => r.channel).sort()).toEqual(['MAIL', 'TEXT']);
    expect(rows.every((r) => r.officeId === refs.la.id && r.operatorId === refs.userId(SEEDED.operator))).toBe(true);
  });
});

describe('POST /api/v1/reports/review', () => {
  it('401 without a token, 403 without either reporting permission, 400 with the messages', async () => {
    expect((await call('POST', url, null, range)).statusCode).toBe(401);
    expect((await call('POST', url, SEEDED.operator, range)).statusCode).toBe(403);
    const bad = await call('POST', url, SEEDED.admin, { ...range, groupBy: 'SOURCE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ groupBy: 'Group By must be one of OPERATOR, OFFICE, DAY.' });
    const missing = await call('POST', url, SEEDED.admin, { dateTo: today });
    expect(missing.json().fieldErrors).toEqual({ dateFrom: 'Date From is a required field.' });
  });

  it('counts requests by text and by mail per office, with the ones replied to within the window', async () => {
    const res = await call('POST', url, SEEDED.admin, { ...range, groupBy: 'OFFICE' });
    expect(res.statusCode).toBe(200);
    const report = reviewReportSchema.parse(res.json());
    expect(report.items).toEqual([
      { key: refs.la.id, label: 'Los Angeles', sent: 2, byText: 1, byMail: 1, replied: 2, replyRate: 100 },
      { key: refs.lv.id, label: 'Las Vegas', sent: 1, byText: 1, byMail: 0, replied: 0, replyRate: 0 },
    ]);
    expect(report.totals).toEqual({ sent: 3, byText: 2, byMail: 1, replied: 2, replyRate: 66.7 });
    const byOperator = reviewReportSchema.parse((await call('POST', url, SEEDED.admin, range)).json());
    expect(byOperator.items.map((r) => [r.key, r.sent])).toEqual([
      [refs.userId(SEEDED.operator), 2],
      [refs.userId(SEEDED.admin), 1],
    ]);
  });

  it('keeps a manager and a call-centre reporter to their offices', async () => {
    const manager = reviewReportSchema.parse(
      (await call('POST', url, SEEDED.manager, { ...range, groupBy: 'OFFICE' })).json(),
    );
    expect(manager.items.map((r) => r.label)).toEqual(['Los Angeles']);
    const reporter = await call('POST', url, CALL_CENTRE_REPORTER, { ...range, groupBy: 'OFFICE' });
    expect(reporter.statusCode).toBe(200);
    expect(reviewReportSchema.parse(reporter.json()).items.map((r) => r.label)).toEqual(['Las Vegas']);
  });

  it('exports CSV, XLSX and PDF with the heading, in the manager’s offices only', async () => {
    const csv = await call('POST', `${url}/export`, SEEDED.manager, { ...range, groupBy: 'OFFICE', format: 'csv' });
    expect(csv.statusCode).toBe(200);
    const { heading, table } = csvReport(csv.body);
    expect(heading).toMatchObject({ Report: 'Review requests', 'Grouped by': 'Office', 'Time zone': 'UTC' });
    expect(table).toEqual([
      'Office,Sent,By text,By mail,Replied,Reply rate %',
      'Los Angeles,2,1,1,2,100',
      'Total,2,1,1,2,100',
    ]);
    const xlsx = await call('POST', `${url}/export`, CALL_CENTRE_REPORTER, { ...range, format: 'xlsx' });
    const rows = await xlsxRows(xlsx.rawPayload);
    expect(rows[0]).toEqual(['Review requests']);
    expect(rows).toContainEqual(['Offices', 'Las Vegas']);
    expect(rows.at(-1)).toEqual(['Total', 1, 1, 0, 0, 0]);
    const pdf = await call('POST', `${url}/export`, SEEDED.manager, { ...range, format: 'pdf' });
    const lines = pdfTextLines(pdf.rawPayload);
    expect(lines).toEqual(
      expect.arrayContaining(['Review requests', 'Grouped by: Operator', 'Offices: Los Angeles, San Diego']),
    );
    expect(lines).not.toContain('Las Vegas');
    expect((await call('POST', `${url}/export`, SEEDED.operator, range)).statusCode).toBe(403);
  });
});
