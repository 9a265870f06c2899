import type { Dashboard, FigureKey } from '@casedesk/contract/dashboards/dashboard';
import { dashboardSchema, drillRowsSchema } from '@casedesk/contract/dashboards/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, injector } from '../../../test/support/test-app.ts';
import {
  csvDataRows,
  dashboardPermissions,
  insertAccount,
  insertAppointment,
  insertAttorney,
  insertClient,
  insertOffice,
  insertPayment,
  insertReversal,
  insertUser,
  reconcile,
} from './dashboards.test-support.ts';

/** Friday 27 November 2026, noon in New York, 09:00 in Los Angeles. The week is Sunday 22 to Saturday 28. */
const NOW = new Date('2026-11-27T17:00:00Z');
const OFFICE = '/api/v1/dashboard/office';
const ROWS = '/api/v1/dashboard/rows';
const EXPORT = '/api/v1/dashboard/rows/export';

let t: TestApp;
let send: ReturnType<typeof injector>;
let officeA: { id: string; name: string };
let officeB: { id: string; name: string };
let both: { mail: string };
let managerA: { mail: string };
let callCentreOnly: { mail: string };

beforeAll(async () => {
  t = await createTestApp({}, { dashboardClock: () => NOW });
  send = injector(t);
  const db = t.db();
  officeA = await insertOffice(db, 'America/New_York');
  officeB = await insertOffice(db, 'America/Los_Angeles');
  both = await insertUser(db, officeA.id, dashboardPermissions(['DASHBOARD_OFFICE'], [officeA.id, officeB.id]));
  managerA = await insertUser(db, officeA.id, dashboardPermissions(['DASHBOARD_OFFICE'], [officeA.id]));
  callCentreOnly = await insertUser(db, officeA.id, dashboardPermissions(['DASHBOARD_CALL_CENTER']));
  const clientA = await insertClient(db, officeA.id);
  const clientB = await insertClient(db, officeB.id);
  const attorneyA = await insertAttorney(db, officeA.id);
  const attorneyB = await insertAttorney(db, officeB.id);
  const appt = (officeId: string, at: string, stageId = 117, extra = {}) =>
    insertAppointment(db, {
      officeId,
      clientId: officeId === officeA.id ? clientA : clientB,
      attorneyId: officeId === officeA.id ? attorneyA : attorneyB,
      at: new Date(at),
      stageId,
      ...extra,
    });
  await appt(officeA.id, '2026-11-27T20:00:00Z', 117, { apptStatus: 'CONFIRMED' }); // 15:00 today, ahead: green
  await appt(officeA.id, '2026-11-27T14:00:00Z', 122); // 09:00 today, showed: blue
  await appt(officeA.id, '2026-11-27T15:00:00Z', 117, { deleted: true }); // deleted: nowhere
  await appt(officeA.id, '2026-11-24T15:00:00Z', 121); // no show this week
  await appt(officeA.id, '2026-11-23T15:00:00Z', 118); // signed this week
  await appt(officeA.id, '2026-11-21T15:00:00Z', 122); // Saturday last week
  await appt(officeA.id, '2026-11-28T15:00:00Z'); // tomorrow
  await appt(officeA.id, '2026-12-04T15:00:00Z'); // the seventh day ahead
  await appt(officeA.id, '2026-12-05T15:00:00Z'); // the eighth: not counted
  // 23:30 in Los Angeles today, already tomorrow in New York: B's today, in B's zone.
  await appt(officeB.id, '2026-11-28T07:30:00Z', 117, { apptStatus: 'WAIT_LIST' });

  const paid = await insertPayment(db, {
    officeId: officeA.id,
    clientId: clientA,
    day: '2026-11-27',
    feesCents: 10_000,
    costCents: 500,
  });
  await insertReversal(db, {
    officeId: officeA.id,
    clientId: clientA,
    day: '2026-11-27',
    reversesId: paid,
    feesCents: 1_000,
  });
  await insertPayment(db, { officeId: officeA.id, clientId: clientA, day: '2026-11-02', feesCents: 2_000 });
  await insertPayment(db, { officeId: officeA.id, clientId: clientA, day: '2026-10-31', feesCents: 5_000 });
  await insertPayment(db, { officeId: officeA.id, clientId: clientA, day: '2026-10-20', feesCents: 5_000 });
  await insertPayment(db, { officeId: officeB.id, clientId: clientB, day: '2026-11-27', feesCents: 7_000 });
  await reconcile(db, officeA.id, '2026-10-31');

  await insertAccount(db, { officeId: officeA.id, clientId: clientA, followUpDate: '2026-11-27' });
  await insertAccount(db, { officeId: officeA.id, clientId: clientA, followUpDate: '2026-11-30' });
  await insertAccount(db, { officeId: officeA.id, clientId: clientA, followUpDate: '2026-11-20', status: 'CLOSED' });
  await insertAccount(db, { officeId: officeB.id, clientId: clientB, followUpDate: '2026-11-26', status: 'REVIEW' });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const valueOf = (dashboard: Dashboard, key: FigureKey) => dashboard.figures.find((f) => f.key === key)!.value;

async function dashboardAs(mail: string, body: object = {}): Promise<Dashboard> {
  const res = await send('POST', OFFICE, mail, body);
  expect(res.statusCode, res.body).toBe(200);
  return dashboardSchema.parse(res.json());
}

describe('POST /dashboard/office', () => {
  it('401, 403 without DASHBOARD_OFFICE, 400 with the message', async () => {
    expect((await send('POST', OFFICE, null, {})).statusCode).toBe(401);
    expect((await send('POST', OFFICE, callCentreOnly.mail, {})).statusCode).toBe(403);
    const bad = await send('POST', OFFICE, both.mail, { timeZone: 'Eastern' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ timeZone: 'Time Zone must be a valid time zone.' });
  });

  it("counts each office's figures on its own day, week and month", async () => {
    const dashboard = await dashboardAs(both.mail);
    expect(valueOf(dashboard, 'appointmentsToday')).toBe(3);
    expect(valueOf(dashboard, 'showedThisWeek')).toBe(1);
    expect(valueOf(dashboard, 'noShowThisWeek')).toBe(1);
    expect(valueOf(dashboard, 'signedThisWeek')).toBe(1);
    expect(valueOf(dashboard, 'bookedComingDays')).toBe(2);
    expect(valueOf(dashboard, 'cashToday')).toBe(10_500 - 1_000 + 7_000);
    expect(valueOf(dashboard, 'cashThisMonth')).toBe(10_500 - 1_000 + 2_000 + 7_000);
    // A's 2 November is open; 31 October is reconciled, 20 October is more than 30 days back, today is not due.
    expect(valueOf(dashboard, 'unreconciledDays')).toBe(1);
    expect(valueOf(dashboard, 'collectionFollowUpsDue')).toBe(2);
    const booked = dashboard.series.find((s) => s.key === 'bookedByDay')!;
    expect(booked.points.map((p) => [p.label, p.value])).toEqual([
      ['2026-11-28', 1],
      ['2026-11-29', 0],
      ['2026-11-30', 0],
      ['2026-12-01', 0],
      ['2026-12-02', 0],
      ['2026-12-03', 0],
      ['2026-12-04', 1],
    ]);
  });

  it("lists today's appointments in time order with their SPEC §4 colours", async () => {
    const dashboard = await dashboardAs(both.mail);
    expect(dashboard.timeline.map((i) => [i.officeId, i.appointmentDateTime, i.colour])).toEqual([
      [officeA.id, '2026-11-27T14:00:00.000Z', 'blue'],
      [officeA.id, '2026-11-27T20:00:00.000Z', 'green'],
      [officeB.id, '2026-11-28T07:30:00.000Z', 'pink'],
    ]);
  });

  it('each figure is its rows: count, or the sum of their cents; the export has the same rows', async () => {
    const dashboard = await dashboardAs(both.mail);
    for (const figure of dashboard.figures) {
      const res = await send('POST', ROWS, both.mail, { drill: figure.drill, pageNumber: 1, pageSize: 100 });
      expect(res.statusCode, res.body).toBe(200);
      const rows = drillRowsSchema.parse(res.json());
      expect(figure.unit === 'cents' ? rows.totalCents : rows.totalCount, figure.key).toBe(figure.value);
      const csv = await send('POST', EXPORT, both.mail, { drill: figure.drill, format: 'csv' });
      expect(csvDataRows(csv.body), figure.key).toHaveLength(rows.totalCount);
    }
  });

  it('shows a manager of office A nothing of office B; B is not found', async () => {
    const dashboard = await dashboardAs(managerA.mail);
    expect(dashboard.offices.map((o) => o.id)).toEqual([officeA.id]);
    expect(dashboard.period.timeZone).toBe('America/New_York');
    expect(valueOf(dashboard, 'appointmentsToday')).toBe(2);
    expect(valueOf(dashboard, 'cashToday')).toBe(9_500);
    expect(valueOf(dashboard, 'collectionFollowUpsDue')).toBe(1);
    expect(dashboard.timeline.every((i) => i.officeId === officeA.id)).toBe(true);
    const csv = await send('POST', EXPORT, managerA.mail, {
      drill: { dashboard: 'OFFICE', figure: 'cashThisMonth' },
      format: 'csv',
    });
    expect(csv.body).not.toContain(officeB.name);
    expect((await send('POST', OFFICE, managerA.mail, { officeId: officeB.id })).statusCode).toBe(404);
    const drillB = { dashboard: 'OFFICE', figure: 'cashToday', officeId: officeB.id };
    expect((await send('POST', ROWS, managerA.mail, { drill: drillB, pageNumber: 1 })).statusCode).toBe(404);
  });

  it('says the office zone for one office, and the drill of a day opens that day', async () => {
    const dashboard = await dashboardAs(both.mail, { officeId: officeB.id });
    expect(dashboard.period).toMatchObject({ timeZone: 'America/Los_Angeles', today: '2026-11-27' });
    expect(valueOf(dashboard, 'appointmentsToday')).toBe(1);
    const drill = { dashboard: 'OFFICE', figure: 'bookedComingDays', day: '2026-12-04' };
    const res = await send('POST', ROWS, both.mail, { drill, pageNumber: 1 });
    expect(drillRowsSchema.parse(res.json()).totalCount).toBe(1);
  });
});
