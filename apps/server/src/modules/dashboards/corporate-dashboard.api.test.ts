import type { Dashboard, FigureKey, SeriesKey } from '@casedesk/contract/dashboards/dashboard';
import { dashboardSchema, drillRowsSchema } from '@casedesk/contract/dashboards/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, injector, SEEDED } from '../../../test/support/test-app.ts';
import {
  csvDataRows,
  dashboardPermissions,
  insertAccount,
  insertAppointment,
  insertAttorney,
  insertCall,
  insertClient,
  insertLead,
  insertOffice,
  insertPayment,
  insertUser,
} from './dashboards.test-support.ts';

/** 27 November 2026, 09:00 in Los Angeles, the caller's zone. */
const NOW = new Date('2026-11-27T17:00:00Z');
const ZONE = { timeZone: 'America/Los_Angeles' };
const CORPORATE = '/api/v1/dashboard/corporate';
const ROWS = '/api/v1/dashboard/rows';
const EXPORT = '/api/v1/dashboard/rows/export';

let t: TestApp;
let send: ReturnType<typeof injector>;
let officeA: { id: string; name: string };
let officeB: { id: string; name: string };
let both: { mail: string };
let managerA: { mail: string };
let officeOnly: { mail: string };
const source = `Billboard ${crypto.randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  t = await createTestApp({}, { dashboardClock: () => NOW });
  send = injector(t);
  const db = t.db();
  officeA = await insertOffice(db, 'America/New_York');
  officeB = await insertOffice(db, 'America/Los_Angeles');
  both = await insertUser(db, officeA.id, dashboardPermissions(['DASHBOARD_CORPORATE'], [officeA.id, officeB.id]));
  managerA = await insertUser(db, officeA.id, dashboardPermissions(['DASHBOARD_CORPORATE'], [officeA.id]));
  officeOnly = await insertUser(db, officeA.id, dashboardPermissions(['DASHBOARD_OFFICE']));
  const clientA = await insertClient(db, officeA.id);
  const clientB = await insertClient(db, officeB.id);
  const attorneyA = await insertAttorney(db, officeA.id);
  const attorneyB = await insertAttorney(db, officeB.id);

  // Leads: two of A's in November and one of B's; 1 November 05:00 UTC is still 31 October in Los Angeles.
  await insertLead(db, { officeId: officeA.id, clientId: clientA, at: new Date('2026-11-10T18:00:00Z') });
  await insertLead(db, { officeId: officeA.id, clientId: clientA, at: new Date('2026-11-01T05:00:00Z') });
  await insertLead(db, { officeId: officeB.id, clientId: clientB, at: new Date('2026-11-15T18:00:00Z') });
  const appt = (officeId: string, at: string, stageId: number, inquiryId?: string) =>
    insertAppointment(db, {
      officeId,
      clientId: officeId === officeA.id ? clientA : clientB,
      attorneyId: officeId === officeA.id ? attorneyA : attorneyB,
      at: new Date(at),
      stageId,
      ...(inquiryId ? { inquiryId } : {}),
    });
  await appt(officeA.id, '2026-11-05T15:00:00Z', 117);
  await appt(officeA.id, '2026-11-06T15:00:00Z', 122);
  await appt(officeA.id, '2026-11-09T15:00:00Z', 118);
  await appt(officeB.id, '2026-11-12T15:00:00Z', 121);
  await appt(officeA.id, '2026-10-15T15:00:00Z', 118);

  // A tracked lead of the billboard this month, signed; the month's spend on it is 500.00.
  const line = await send('POST', '/api/v1/dnis', SEEDED.admin, {
    dnis: `9${String(Date.now()).slice(-9)}`,
    source,
    type: 'TV',
    pointToOfficeId: officeA.id,
    officeId: officeA.id,
    effectiveFrom: '2024-01-01T00:00:00.000Z',
  });
  expect(line.statusCode, line.body).toBe(200);
  const tracked = await insertLead(db, {
    officeId: officeA.id,
    clientId: clientA,
    at: new Date('2026-11-03T18:00:00Z'),
  });
  await insertCall(db, {
    officeId: officeA.id,
    at: new Date('2026-11-03T18:00:00Z'),
    trackingLineId: line.json().id,
    inquiryId: tracked,
    callerId: '6465550123',
  });
  await appt(officeA.id, '2026-11-20T15:00:00Z', 118, tracked);
  const spend = await send('PUT', '/api/v1/dnis/spend', SEEDED.admin, {
    source,
    month: '2026-11',
    amountCents: 50_000,
  });
  expect(spend.statusCode, spend.body).toBe(200);

  const accountA = await insertAccount(db, { officeId: officeA.id, clientId: clientA, followUpDate: null });
  const accountB = await insertAccount(db, {
    officeId: officeB.id,
    clientId: clientB,
    followUpDate: null,
    originalCents: 5_000,
  });
  await insertAccount(db, { officeId: officeA.id, clientId: clientA, followUpDate: null, status: 'CLOSED' });
  await insertPayment(db, { officeId: officeA.id, clientId: clientA, day: '2026-11-05', feesCents: 10_000 });
  await insertPayment(db, {
    officeId: officeB.id,
    clientId: clientB,
    day: '2026-11-20',
    feesCents: 3_000,
    collectionAccountId: accountB,
  });
  await insertPayment(db, { officeId: officeA.id, clientId: clientA, day: '2026-10-05', feesCents: 4_000 });
  void accountA;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const valueOf = (dashboard: Dashboard, key: FigureKey) => dashboard.figures.find((f) => f.key === key)!.value;
const pointsOf = (dashboard: Dashboard, key: SeriesKey, label?: string) =>
  dashboard.series.find((s) => s.key === key && (label === undefined || s.label === label))!.points;

async function dashboardAs(mail: string, body: object = ZONE): Promise<Dashboard> {
  const res = await send('POST', CORPORATE, mail, body);
  expect(res.statusCode, res.body).toBe(200);
  return dashboardSchema.parse(res.json());
}

describe('POST /dashboard/corporate', () => {
  it('401, 403 without DASHBOARD_CORPORATE, 400 with the message', async () => {
    expect((await send('POST', CORPORATE, null, {})).statusCode).toBe(401);
    expect((await send('POST', CORPORATE, officeOnly.mail, {})).statusCode).toBe(403);
    const bad = await send('POST', CORPORATE, both.mail, { timeZone: 'Mars/Base' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ timeZone: 'Time Zone must be a valid time zone.' });
    const extra = await send('POST', CORPORATE, both.mail, { zone: 'x' });
    expect(extra.statusCode).toBe(400);
  });

  it('gives the funnel, cash and collections this month, by office, and twelve months of trends', async () => {
    const dashboard = await dashboardAs(both.mail);
    expect(dashboard.period).toMatchObject({ timeZone: 'America/Los_Angeles', monthFrom: '2026-11-01' });
    expect(valueOf(dashboard, 'leads')).toBe(3);
    expect(valueOf(dashboard, 'appointments')).toBe(5);
    expect(valueOf(dashboard, 'showed')).toBe(3);
    expect(valueOf(dashboard, 'signed')).toBe(2);
    expect(valueOf(dashboard, 'cashReceived')).toBe(13_000);
    expect(valueOf(dashboard, 'collectionsCollected')).toBe(3_000);
    expect(valueOf(dashboard, 'collectionsOutstanding')).toBe(10_000 + 2_000);
    const leadsByOffice = pointsOf(dashboard, 'funnelByOffice', 'Leads');
    expect(leadsByOffice.find((p) => p.drill.officeId === officeA.id)!.value).toBe(2);
    expect(leadsByOffice.find((p) => p.drill.officeId === officeB.id)!.value).toBe(1);
    const leadsByMonth = pointsOf(dashboard, 'leadsByMonth');
    expect(leadsByMonth).toHaveLength(12);
    expect(leadsByMonth.slice(-2).map((p) => [p.label, p.value])).toEqual([
      ['2026-10', 1],
      ['2026-11', 3],
    ]);
    expect(
      pointsOf(dashboard, 'cashByMonth')
        .slice(-2)
        .map((p) => p.value),
    ).toEqual([4_000, 13_000]);
    const cost = pointsOf(dashboard, 'costPerSignedBySource').find((p) => p.label === source)!;
    expect(cost.value).toBe(50_000);
    const signed = await send('POST', ROWS, both.mail, { drill: cost.drill, ...ZONE, pageNumber: 1 });
    expect(drillRowsSchema.parse(signed.json()).totalCount).toBe(1);
  });

  it('every figure and point opens its rows: their count or cents, and the same rows in the export', async () => {
    const dashboard = await dashboardAs(both.mail);
    const points = dashboard.series
      .filter((s) => s.key !== 'costPerSignedBySource')
      .flatMap((s) => s.points.map((p) => ({ ...p, unit: s.unit })));
    for (const item of [...dashboard.figures, ...points]) {
      const res = await send('POST', ROWS, both.mail, { drill: item.drill, ...ZONE, pageNumber: 1, pageSize: 500 });
      expect(res.statusCode, res.body).toBe(200);
      const rows = drillRowsSchema.parse(res.json());
      expect(item.unit === 'cents' ? rows.totalCents : rows.totalCount, JSON.stringify(item.drill)).toBe(item.value);
    }
    for (const figure of dashboard.figures) {
      const rows = drillRowsSchema.parse(
        (await send('POST', ROWS, both.mail, { drill: figure.drill, ...ZONE, pageNumber: 1 })).json(),
      );
      const csv = await send('POST', EXPORT, both.mail, { drill: figure.drill, ...ZONE, format: 'csv' });
      expect(csvDataRows(csv.body), figure.key).toHaveLength(rows.totalCount);
    }
  });

  it('shows a manager of office A nothing of office B; B is not found', async () => {
    const dashboard = await dashboardAs(managerA.mail);
    expect(dashboard.offices.map((o) => o.id)).toEqual([officeA.id]);
    expect(valueOf(dashboard, 'leads')).toBe(2);
    expect(valueOf(dashboard, 'cashReceived')).toBe(10_000);
    expect(valueOf(dashboard, 'collectionsOutstanding')).toBe(10_000);
    expect(pointsOf(dashboard, 'funnelByOffice', 'Leads').map((p) => p.drill.officeId)).toEqual([officeA.id]);
    const csv = await send('POST', EXPORT, managerA.mail, {
      drill: { dashboard: 'CORPORATE', figure: 'appointments' },
      ...ZONE,
      format: 'csv',
    });
    expect(csv.body).not.toContain(officeB.name);
    expect((await send('POST', CORPORATE, managerA.mail, { officeId: officeB.id })).statusCode).toBe(404);
  });
});
