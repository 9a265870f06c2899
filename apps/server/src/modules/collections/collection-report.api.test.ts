import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { collectionReportSchema } from '@casedesk/contract/collections/report';
import { and, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfTextLines } from '../../../test/support/pdf-text.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, injector, SEEDED } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import { collectorPermissions } from '../../seed/permission-profiles.ts';
import {
  addContact,
  addPayment,
  addPlan,
  insertAccount,
  insertClient,
  insertOffice,
  insertUser,
} from './collection-dashboard.test-support.ts';
import { collectionAccounts } from './collections.tables.ts';

let t: TestApp;
let send: ReturnType<typeof injector>;
let office: { id: string; name: string };
let other: { id: string; name: string };
let collector: { id: string; mail: string; displayName: string };
let officeAdmin: { id: string; mail: string };
let accountNumber: number;

const URL = '/api/v1/collectionAccount/report';
const EXPORT = '/api/v1/collectionAccount/report/export';
// A quiet month far from anything seeded, so every figure is exact.
const range = { dateFrom: '2021-03-01', dateTo: '2021-03-31' };

beforeAll(async () => {
  t = await createTestApp();
  send = injector(t);
  const db = t.db();
  office = await insertOffice(db, 'America/New_York');
  other = await insertOffice(db, 'America/Chicago');
  collector = await insertUser(db, office.id, 'COLLECTOR', collectorPermissions(office.id));
  const reporting: Permission = {
    permissionType: 'COLLECTION_REPORTING',
    accessLevelDTO: [
      {
        accessType: 'READ',
        conditionDTO: [
          { conditionType: 'USER_ROLE', relationType: 'EQUALS', values: ['ADMIN'] },
          { conditionType: 'OFFICE', relationType: 'EQUALS', values: [office.id] },
        ],
      },
    ],
  };
  officeAdmin = await insertUser(db, office.id, 'ADMIN', [reporting]);
  const client = await insertClient(db, office.id);
  const a1 = await insertAccount(db, {
    officeId: office.id,
    clientId: client,
    collectorId: collector.id,
    originalCents: 90_000,
  });
  const a2 = await insertAccount(db, { officeId: office.id, clientId: client, originalCents: 40_000 });
  // Week of Monday 2021-03-01: 100.00 and 50.00; 2021-03-15: 70.00 reversed on the 16th; April: outside.
  await addPayment(db, a1, 10_000, '2021-03-01');
  await addPayment(db, a2, 5_000, '2021-03-03');
  await addPayment(db, a1, 7_000, '2021-03-15', { on: '2021-03-16' });
  await addPayment(db, a1, 9_999, '2021-04-01');
  await addPlan(db, a1, 'ACTIVE', [
    { dueDate: '2021-03-05', status: 'PAID', amountCents: 2_000 },
    { dueDate: '2021-03-12', status: 'MISSED', amountCents: 2_000 },
    { dueDate: '2021-03-19', status: 'PAID', amountCents: 2_000 },
    { dueDate: '2021-03-26', status: 'DUE', amountCents: 2_000 },
    { dueDate: '2021-04-02', status: 'DUE', amountCents: 2_000 },
  ]);
  // Contacts: a call and a text on March 10th, a refusal at 02:00 UTC on April 1st (still March 31st at UTC−5).
  await addContact(db, a1, new Date('2021-03-10T15:00:00Z'), collector.id, 'CALL');
  await addContact(db, a1, new Date('2021-03-10T16:00:00Z'), collector.id, 'TEXT');
  await addContact(db, a2, new Date('2021-04-01T02:00:00Z'), collector.id, {
    refused: 'CALL',
    rule: 'TIME_OF_DAY',
    message: 'Calls to this client are allowed 8:00 AM to 9:00 PM their time (America/New_York); it is 10:00 PM there.',
  });
  const otherClient = await insertClient(db, other.id);
  const a3 = await insertAccount(db, { officeId: other.id, clientId: otherClient, originalCents: 1_000 });
  await addPayment(db, a3, 1_000, '2021-03-02');
  const [row] = await db
    .select({ n: collectionAccounts.accountNumber })
    .from(collectionAccounts)
    .where(eq(collectionAccounts.id, a1));
  accountNumber = row!.n;
});
afterAll(async () => t?.close());

const report = async (body: Record<string, unknown>, as: string = SEEDED.admin, query = '') => {
  const res = await send('POST', `${URL}${query}`, as, body);
  expect(res.statusCode, res.body).toBe(200);
  return collectionReportSchema.parse(res.json());
};

describe('POST /api/v1/collectionAccount/report', () => {
  it('401 without a token; 403 without COLLECTION_REPORTING or its ADMIN role condition', async () => {
    const body = { report: 'COLLECTED', ...range };
    expect((await send('POST', URL, null, body)).statusCode).toBe(401);
    expect((await send('POST', URL, SEEDED.manager, body)).statusCode).toBe(403);
    expect((await send('POST', URL, collector.mail, body)).statusCode).toBe(403);
    const managerWithAdminGrant = await insertUser(t.db(), office.id, 'MANAGER', [
      {
        permissionType: 'COLLECTION_REPORTING',
        accessLevelDTO: [
          {
            accessType: 'READ',
            conditionDTO: [{ conditionType: 'USER_ROLE', relationType: 'EQUALS', values: ['ADMIN'] }],
          },
        ],
      },
    ]);
    expect((await send('POST', URL, managerWithAdminGrant.mail, body)).statusCode).toBe(403);
  });

  it('400 with the messages', async () => {
    const fieldErrors = async (body: Record<string, unknown>) => {
      const res = await send('POST', URL, SEEDED.admin, body);
      expect(res.statusCode).toBe(400);
      return res.json().fieldErrors;
    };
    expect(await fieldErrors({ report: 'COLLECTED' })).toEqual({
      dateFrom: 'Date From is a required field.',
      dateTo: 'Date To is a required field.',
    });
    expect(await fieldErrors({ report: 'NOPE' })).toEqual({
      report: 'Report must be one of COLLECTED, AGING, PLAN_PERFORMANCE, CONTACT_LOG.',
    });
    expect(await fieldErrors({ report: 'AGING', groupBy: 'DAY' })).toEqual({
      groupBy: 'Group By must be one of OFFICE, COLLECTOR for this report.',
    });
    expect(await fieldErrors({ report: 'CONTACT_LOG', dateFrom: '2021-03-31', dateTo: '2021-03-01' })).toEqual({
      dateTo: 'Date To cannot be before Date From.',
    });
    expect(await fieldErrors({ report: 'CONTACT_LOG', ...range, pageSize: 5000 })).toEqual({
      pageSize: 'Page Size must be a whole number from 1 to 1000.',
    });
  });

  it("404 for an office outside the caller's reporting offices, as for one that does not exist", async () => {
    const outside = await send('POST', URL, officeAdmin.mail, { report: 'AGING', officeId: other.id });
    const missing = await send('POST', URL, officeAdmin.mail, { report: 'AGING', officeId: crypto.randomUUID() });
    expect(outside.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(outside.json().message).toBe(missing.json().message);
  });

  it('COLLECTED by week, month, day, office and collector, reversals netted', async () => {
    const byWeek = await report({ report: 'COLLECTED', ...range, groupBy: 'WEEK', officeId: office.id });
    if (byWeek.report !== 'COLLECTED') throw new Error('wrong report');
    expect(byWeek.items.map((r) => [r.key, r.label, r.collectedCents, r.payments, r.reversals])).toEqual([
      ['2021-03-01', 'Week of 03-01-2021', 15_000, 2, 0],
      ['2021-03-08', 'Week of 03-08-2021', 0, 0, 0],
      ['2021-03-15', 'Week of 03-15-2021', 0, 1, 1],
      ['2021-03-22', 'Week of 03-22-2021', 0, 0, 0],
      ['2021-03-29', 'Week of 03-29-2021', 0, 0, 0],
    ]);
    expect(byWeek.totals).toEqual({ accounts: 2, payments: 3, reversals: 1, collectedCents: 15_000 });

    const byMonth = await report({
      report: 'COLLECTED',
      dateFrom: '2021-02-15',
      dateTo: '2021-04-30',
      officeId: office.id,
    });
    if (byMonth.report !== 'COLLECTED') throw new Error('wrong report');
    expect(byMonth.groupBy).toBe('MONTH');
    expect(byMonth.items.map((r) => [r.label, r.collectedCents])).toEqual([
      ['Feb 2021', 0],
      ['Mar 2021', 15_000],
      ['Apr 2021', 9_999],
    ]);

    const byDay = await report({ report: 'COLLECTED', ...range, groupBy: 'DAY', officeId: office.id });
    if (byDay.report !== 'COLLECTED') throw new Error('wrong report');
    expect(byDay.items).toHaveLength(31);
    expect(byDay.items.find((r) => r.key === '2021-03-16')).toMatchObject({
      label: '03-16-2021',
      collectedCents: -7_000,
    });

    const byOffice = await report({ report: 'COLLECTED', ...range, groupBy: 'OFFICE' });
    if (byOffice.report !== 'COLLECTED') throw new Error('wrong report');
    const offices = Object.fromEntries(byOffice.items.map((r) => [r.label, r.collectedCents]));
    expect(offices[office.name]).toBe(15_000);
    expect(offices[other.name]).toBe(1_000);

    const byCollector = await report({ report: 'COLLECTED', ...range, groupBy: 'COLLECTOR', officeId: office.id });
    if (byCollector.report !== 'COLLECTED') throw new Error('wrong report');
    expect(byCollector.items.map((r) => [r.label, r.collectedCents, r.accounts])).toEqual([
      [collector.displayName, 10_000, 1],
      ['Unassigned', 5_000, 1],
    ]);
  });

  it("keeps an office administrator to their office's money", async () => {
    const byOffice = await report({ report: 'COLLECTED', ...range, groupBy: 'OFFICE' }, officeAdmin.mail);
    if (byOffice.report !== 'COLLECTED') throw new Error('wrong report');
    expect(byOffice.items.map((r) => r.label)).toEqual([office.name]);
  });

  it('PLAN_PERFORMANCE: instalments due, kept, missed and pending, with the kept rate', async () => {
    const plans = await report({ report: 'PLAN_PERFORMANCE', ...range, officeId: office.id });
    if (plans.report !== 'PLAN_PERFORMANCE') throw new Error('wrong report');
    expect(plans.items).toEqual([
      {
        key: '2021-03-01',
        label: 'Mar 2021',
        due: 4,
        dueCents: 8_000,
        kept: 2,
        keptCents: 4_000,
        missed: 1,
        missedCents: 2_000,
        pending: 1,
        keptRate: 2 / 3,
      },
    ]);
  });

  it('AGING by office and by collector, as of today', async () => {
    const aging = await report(
      { report: 'AGING', officeId: office.id, groupBy: 'COLLECTOR' },
      SEEDED.admin,
      '?offsetHours=-5',
    );
    if (aging.report !== 'AGING') throw new Error('wrong report');
    expect(aging.dateFrom).toBeNull();
    expect(aging.timeZone).toBe('UTC-05:00');
    // a1: 90,000 − 10,000 − 9,999 (the reversal cancels its payment) = 70,001, last paid 2021-04-01: 90+ days.
    expect(aging.items.map((r) => [r.label, r.days90PlusCount, r.days90PlusCents])).toEqual([
      [collector.displayName, 1, 70_001],
      ['Unassigned', 1, 35_000],
    ]);
    expect(aging.totals).toMatchObject({ totalCount: 2, totalCents: 105_001, days0to30Count: 0 });
  });

  it('CONTACT_LOG: every attempt, allowed or refused with the rule, days in the caller’s zone, newest first', async () => {
    const inUtc = await report({ report: 'CONTACT_LOG', ...range, officeId: office.id });
    if (inUtc.report !== 'CONTACT_LOG') throw new Error('wrong report');
    expect(inUtc.totals).toEqual({ attempts: 2, allowed: 2, refused: 0 });

    const inNewYork = await report({
      report: 'CONTACT_LOG',
      ...range,
      officeId: office.id,
      timeZone: 'America/New_York',
    });
    if (inNewYork.report !== 'CONTACT_LOG') throw new Error('wrong report');
    expect(inNewYork.totals).toEqual({ attempts: 3, allowed: 2, refused: 1 });
    expect(inNewYork.items.map((r) => [r.channel, r.outcome, r.rule, r.by, r.accountNumber === accountNumber])).toEqual(
      [
        ['CALL', 'REFUSED', 'TIME_OF_DAY', collector.displayName, false],
        ['TEXT', 'ALLOWED', null, collector.displayName, true],
        ['CALL', 'ALLOWED', null, collector.displayName, true],
      ],
    );
    expect(inNewYork.items[0]!.message).toMatch(/^Calls to this client are allowed/);

    const page2 = await report({
      report: 'CONTACT_LOG',
      ...range,
      officeId: office.id,
      timeZone: 'America/New_York',
      pageNumber: 2,
      pageSize: 2,
    });
    if (page2.report !== 'CONTACT_LOG') throw new Error('wrong report');
    expect(page2).toMatchObject({ totalCount: 3, pageNumber: 2, pageSize: 2 });
    expect(page2.items.map((r) => r.channel)).toEqual(['CALL']);

    const outside = await report({ report: 'CONTACT_LOG', ...range, timeZone: 'America/New_York' }, officeAdmin.mail);
    if (outside.report !== 'CONTACT_LOG') throw new Error('wrong report');
    expect(outside.totalCount).toBe(3);
  });
});

describe('POST /api/v1/collectionAccount/report/export', () => {
  it('401, 403 and 400 like the report', async () => {
    const body = { report: 'COLLECTED', ...range, format: 'csv' };
    expect((await send('POST', EXPORT, null, body)).statusCode).toBe(401);
    expect((await send('POST', EXPORT, SEEDED.manager, body)).statusCode).toBe(403);
    const bad = await send('POST', EXPORT, SEEDED.admin, { ...body, format: 'doc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ format: 'Format must be one of csv, xlsx, pdf.' });
    expect((await send('POST', EXPORT, officeAdmin.mail, { ...body, officeId: other.id })).statusCode).toBe(404);
  });

  it('CSV: headed with its filters, zone, when and by whom, then the rows and the total; audited', async () => {
    const res = await send('POST', `${EXPORT}?offsetHours=-5`, SEEDED.admin, {
      report: 'COLLECTED',
      ...range,
      groupBy: 'WEEK',
      officeId: office.id,
      format: 'csv',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="collection-collected-\d{4}-\d{2}-\d{2}-\d{4}\.csv"$/,
    );
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines.slice(0, 5)).toEqual([
      'Collected report',
      'Grouped by: Week',
      'Days: 03-01-2021 to 03-31-2021',
      `Offices: ${office.name}`,
      'Time zone: UTC-05:00',
    ]);
    expect(lines[5]).toMatch(/^Generated by Alex Admin on \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \(UTC-05:00\)$/);
    expect(lines.slice(7)).toEqual([
      'Group,Accounts,Payments,Reversals,Collected',
      'Week of 03-01-2021,2,2,0,150.00',
      'Week of 03-08-2021,0,0,0,0.00',
      'Week of 03-15-2021,1,1,1,0.00',
      'Week of 03-22-2021,0,0,0,0.00',
      'Week of 03-29-2021,0,0,0,0.00',
      'Total,2,3,1,150.00',
    ]);
    const [audit] = await t
      .db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'collectionReport.export')))
      .orderBy(desc(auditEvents.occurredAt))
      .limit(1);
    expect(audit!.detail).toMatchObject({
      report: 'COLLECTED',
      format: 'csv',
      filter: { dateFrom: '2021-03-01', dateTo: '2021-03-31', groupBy: 'WEEK', officeId: office.id },
      timeZone: 'UTC-05:00',
    });
  });

  it('XLSX and PDF of the contact log carry every attempt and the heading', async () => {
    const body = { report: 'CONTACT_LOG', ...range, officeId: office.id, timeZone: 'America/New_York', pageSize: 1 };
    const xlsx = await send('POST', EXPORT, SEEDED.admin, { ...body, format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const values = Array.from(workbook.worksheets[0]!.getSheetValues(), (row) =>
      Array.isArray(row) ? row.slice(1) : [],
    );
    expect(values.flat()).toContain('Time zone: America/New_York');
    const header = values.findIndex((row) => row[0] === 'Time');
    expect(values.slice(header + 1).map((row) => [row[1], row[2], row[3]])).toEqual([
      ['CALL', 'REFUSED', 'TIME_OF_DAY'],
      ['TEXT', 'ALLOWED', undefined],
      ['CALL', 'ALLOWED', undefined],
    ]);
    // The refusal at 02:00 UTC is 22:00 the evening before in New York.
    expect(values[header + 1]![0]).toBe('2021-03-31 22:00:00');

    const pdf = await send('POST', EXPORT, SEEDED.admin, { ...body, format: 'pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfTextLines(pdf.rawPayload).join('\n');
    expect(text).toContain('Contact log report');
    expect(text).toContain('Time zone: America/New_York');
    expect(text).toContain('TIME_OF_DAY');
  });
});
