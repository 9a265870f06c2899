import type { Dashboard, Drill, DrillRows, FigureKey } from '@casedesk/contract/dashboards/dashboard';
import { dashboardSchema, drillRowsSchema, myDashboardsSchema } from '@casedesk/contract/dashboards/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, injector, SEEDED } from '../../../test/support/test-app.ts';
import {
  csvDataRows,
  dashboardPermissions,
  insertAppointment,
  insertAttorney,
  insertCall,
  insertClient,
  insertLead,
  insertOffice,
  insertText,
  insertUser,
} from './dashboards.test-support.ts';

/** Noon in New York on a Friday; the test's rows sit around it. */
const NOW = new Date('2026-11-27T17:00:00Z');
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);
const ZONE = { timeZone: 'America/New_York' };

let t: TestApp;
let send: ReturnType<typeof injector>;
let officeA: { id: string; name: string };
let officeB: { id: string; name: string };
let both: { mail: string };
let managerA: { mail: string };
let noDashboard: { mail: string };
let operator: { id: string; mail: string; displayName: string };

const CALL_CENTER = '/api/v1/dashboard/callCenter';
const ROWS = '/api/v1/dashboard/rows';
const EXPORT = '/api/v1/dashboard/rows/export';

beforeAll(async () => {
  t = await createTestApp({}, { dashboardClock: () => NOW });
  send = injector(t);
  const db = t.db();
  officeA = await insertOffice(db, 'America/New_York');
  officeB = await insertOffice(db, 'America/Los_Angeles');
  both = await insertUser(db, officeA.id, dashboardPermissions(['DASHBOARD_CALL_CENTER'], [officeA.id, officeB.id]));
  managerA = await insertUser(db, officeA.id, dashboardPermissions(['DASHBOARD_CALL_CENTER'], [officeA.id]));
  noDashboard = await insertUser(db, officeA.id, dashboardPermissions(['DASHBOARD_OFFICE'], [officeA.id]));
  operator = await insertUser(db, officeA.id, [], 'OPERATOR');

  // Office A today: 3 inbound (answered 120 s, missed, ongoing), 1 outbound 60 s; yesterday's call is not today's.
  await insertCall(db, { officeId: officeA.id, at: minutesAgo(120), seconds: 120, operatorId: operator.id });
  await insertCall(db, { officeId: officeA.id, at: minutesAgo(90), seconds: 0, status: 'no-answer' });
  await insertCall(db, { officeId: officeA.id, at: minutesAgo(10), seconds: null, status: 'in-progress' });
  await insertCall(db, { officeId: officeA.id, at: minutesAgo(30), direction: 'OUTBOUND', seconds: 60 });
  await insertCall(db, { officeId: officeA.id, at: minutesAgo(60 * 24), seconds: 30 });
  // Office B: one inbound answered.
  await insertCall(db, { officeId: officeB.id, at: minutesAgo(45), seconds: 300 });

  const clientA = await insertClient(db, officeA.id);
  const clientB = await insertClient(db, officeB.id);
  await insertLead(db, { officeId: officeA.id, clientId: clientA, at: minutesAgo(100) });
  await insertLead(db, { officeId: officeB.id, clientId: clientB, at: minutesAgo(100) });
  const attorneyA = await insertAttorney(db, officeA.id);
  const attorneyB = await insertAttorney(db, officeB.id);
  const tomorrow = new Date(NOW.getTime() + 86_400_000);
  await insertAppointment(db, {
    officeId: officeA.id,
    clientId: clientA,
    attorneyId: attorneyA,
    at: tomorrow,
    bookedAt: minutesAgo(50),
    bookedById: operator.id,
  });
  await insertAppointment(db, {
    officeId: officeB.id,
    clientId: clientB,
    attorneyId: attorneyB,
    at: tomorrow,
    bookedAt: minutesAgo(50),
    bookedById: operator.id,
  });

  // Texts: A has one inbound answered later, one unanswered, and the answer; B one unanswered.
  await insertText(db, { officeId: officeA.id, at: minutesAgo(80), direction: 'INBOUND', number: '3105550001' });
  await insertText(db, { officeId: officeA.id, at: minutesAgo(70), direction: 'OUTBOUND', number: '3105550001' });
  await insertText(db, { officeId: officeA.id, at: minutesAgo(20), direction: 'INBOUND', number: '3105550002' });
  await insertText(db, { officeId: officeB.id, at: minutesAgo(20), direction: 'INBOUND', number: '3105550003' });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const valueOf = (dashboard: Dashboard, key: FigureKey) => dashboard.figures.find((f) => f.key === key)!.value;

async function rowsOf(as: string, drill: Drill): Promise<DrillRows> {
  const res = await send('POST', ROWS, as, { drill, ...ZONE, pageNumber: 1, pageSize: 100 });
  expect(res.statusCode, res.body).toBe(200);
  return drillRowsSchema.parse(res.json());
}

describe('POST /dashboard/callCenter', () => {
  it('401 without a token, 403 without DASHBOARD_CALL_CENTER, 400 with the message', async () => {
    expect((await send('POST', CALL_CENTER, null, {})).statusCode).toBe(401);
    expect((await send('POST', CALL_CENTER, noDashboard.mail, {})).statusCode).toBe(403);
    const bad = await send('POST', CALL_CENTER, both.mail, { timeZone: 'EST5' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ timeZone: 'Time Zone must be a valid time zone.' });
    const badOffice = await send('POST', CALL_CENTER, both.mail, { officeId: 'nope' });
    expect(badOffice.statusCode).toBe(400);
    expect(badOffice.json().fieldErrors).toEqual({ officeId: 'Office Id must be a valid id.' });
    expect((await send('POST', `${CALL_CENTER}?offsetHours=20`, both.mail, {})).statusCode).toBe(400);
  });

  it("counts today's calls, texts, leads and appointments of the caller's offices", async () => {
    const res = await send('POST', CALL_CENTER, both.mail, ZONE);
    expect(res.statusCode, res.body).toBe(200);
    const dashboard = dashboardSchema.parse(res.json());
    expect(dashboard.period).toMatchObject({ timeZone: 'America/New_York', today: '2026-11-27' });
    expect(dashboard.offices.map((o) => o.id).sort()).toEqual([officeA.id, officeB.id].sort());
    expect(valueOf(dashboard, 'inboundCalls')).toBe(4);
    expect(valueOf(dashboard, 'outboundCalls')).toBe(1);
    expect(valueOf(dashboard, 'ongoingCalls')).toBe(1);
    expect(valueOf(dashboard, 'missedCalls')).toBe(1);
    // Ended inbound calls: 120 s, 300 s answered, one missed → 66.7 %.
    expect(valueOf(dashboard, 'answerRate')).toBe(66.7);
    expect(valueOf(dashboard, 'averageTalkSeconds')).toBe(160);
    expect(valueOf(dashboard, 'leadsCreated')).toBe(2);
    expect(valueOf(dashboard, 'appointmentsSet')).toBe(2);
    expect(valueOf(dashboard, 'textsIn')).toBe(3);
    expect(valueOf(dashboard, 'textsOut')).toBe(1);
    expect(valueOf(dashboard, 'unansweredTexts')).toBe(2);
    const operators = dashboard.series.find((s) => s.key === 'appointmentsByOperator')!;
    expect(operators.points).toEqual([
      expect.objectContaining({
        label: operator.displayName,
        value: 2,
        drill: expect.objectContaining({ userId: operator.id }),
      }),
    ]);
    const inbound = dashboard.series.find((s) => s.key === 'callsByHour' && s.label === 'Inbound calls')!;
    // 10:00 (answered), 10:30 (missed), 11:15 (B), 11:50 (ongoing) New York time.
    expect(inbound.points.filter((p) => p.value).map((p) => [p.label, p.value])).toEqual([
      ['10', 2],
      ['11', 2],
    ]);
  });

  it('opens the rows behind each figure: the figure is their count, the export has the same rows', async () => {
    const res = await send('POST', CALL_CENTER, both.mail, ZONE);
    const dashboard = dashboardSchema.parse(res.json());
    for (const figure of dashboard.figures) {
      const rows = await rowsOf(both.mail, figure.drill);
      if (figure.unit === 'count') expect(rows.totalCount, figure.key).toBe(figure.value);
      const csv = await send('POST', EXPORT, both.mail, { drill: figure.drill, ...ZONE, format: 'csv' });
      expect(csv.statusCode).toBe(200);
      expect(csvDataRows(csv.body), figure.key).toHaveLength(rows.totalCount);
    }
    const answer = await rowsOf(both.mail, dashboard.figures.find((f) => f.key === 'answerRate')!.drill);
    expect(answer.rows.map((r) => r.answered).sort()).toEqual(['No', 'Yes', 'Yes']);
  });

  it('shows a manager of office A nothing of office B; office B is not found', async () => {
    const res = await send('POST', CALL_CENTER, managerA.mail, ZONE);
    expect(res.statusCode).toBe(200);
    const dashboard = dashboardSchema.parse(res.json());
    expect(dashboard.offices.map((o) => o.id)).toEqual([officeA.id]);
    expect(valueOf(dashboard, 'inboundCalls')).toBe(3);
    expect(valueOf(dashboard, 'leadsCreated')).toBe(1);
    expect(valueOf(dashboard, 'unansweredTexts')).toBe(1);
    const rows = await rowsOf(managerA.mail, { dashboard: 'CALL_CENTER', figure: 'inboundCalls' });
    expect(rows.rows.every((r) => r.office === officeA.name)).toBe(true);
    const csv = await send('POST', EXPORT, managerA.mail, {
      drill: { dashboard: 'CALL_CENTER', figure: 'inboundCalls' },
      format: 'csv',
    });
    expect(csv.body).not.toContain(officeB.name);
    const notFound = await send('POST', CALL_CENTER, managerA.mail, { officeId: officeB.id });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().message).toBe('Office not found');
    const drillB = { dashboard: 'CALL_CENTER', figure: 'inboundCalls', officeId: officeB.id };
    expect((await send('POST', ROWS, managerA.mail, { drill: drillB, pageNumber: 1 })).statusCode).toBe(404);
    expect((await send('POST', EXPORT, managerA.mail, { drill: drillB, format: 'csv' })).statusCode).toBe(404);
  });

  it('narrows to one office when asked', async () => {
    const res = await send('POST', CALL_CENTER, both.mail, { ...ZONE, officeId: officeB.id });
    const dashboard = dashboardSchema.parse(res.json());
    expect(valueOf(dashboard, 'inboundCalls')).toBe(1);
    expect(dashboard.figures[0]!.drill.officeId).toBe(officeB.id);
  });
});

describe('POST /dashboard/rows and /rows/export', () => {
  it('401, 403 without the drill’s dashboard, 400 with the message', async () => {
    const drill = { dashboard: 'CALL_CENTER', figure: 'inboundCalls' };
    expect((await send('POST', ROWS, null, { drill, pageNumber: 1 })).statusCode).toBe(401);
    expect((await send('POST', ROWS, noDashboard.mail, { drill, pageNumber: 1 })).statusCode).toBe(403);
    expect((await send('POST', EXPORT, noDashboard.mail, { drill, format: 'csv' })).statusCode).toBe(403);
    const wrong = await send('POST', ROWS, both.mail, {
      drill: { dashboard: 'CALL_CENTER', figure: 'cashToday' },
      pageNumber: 1,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Figure must be a figure of the dashboard.');
    const format = await send('POST', EXPORT, both.mail, { drill, format: 'doc' });
    expect(format.statusCode).toBe(400);
    expect(format.json().fieldErrors).toEqual({ format: 'Format must be one of csv, xlsx, pdf.' });
  });

  it('exports with a heading: the figure, the filters, the zone, who and when; xlsx and pdf too', async () => {
    const drill = { dashboard: 'CALL_CENTER', figure: 'inboundCalls', officeId: officeA.id };
    const csv = await send('POST', EXPORT, both.mail, { drill, ...ZONE, format: 'csv' });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Figure: Inbound calls (call centre dashboard)');
    expect(csv.body).toContain(`Filters: office ${officeA.name}`);
    expect(csv.body).toContain('Time zone: days and times in America/New_York');
    expect(csv.body).toContain('Generated by Dash user');
    expect(csv.body).toContain('2026-11-27 10:00:00');
    for (const format of ['xlsx', 'pdf']) {
      const file = await send('POST', EXPORT, both.mail, { drill, ...ZONE, format });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.length).toBeGreaterThan(500);
    }
  });
});

describe('GET /dashboard/mine', () => {
  it('lists the dashboards the caller may open and lands on the default one', async () => {
    expect((await send('GET', '/api/v1/dashboard/mine', null)).statusCode).toBe(401);
    const admin = myDashboardsSchema.parse((await send('GET', '/api/v1/dashboard/mine', SEEDED.admin)).json());
    expect(admin.available).toEqual(['CALL_CENTER', 'OFFICE', 'CORPORATE']);
    const mine = myDashboardsSchema.parse((await send('GET', '/api/v1/dashboard/mine', managerA.mail)).json());
    expect(mine).toEqual({ available: ['CALL_CENTER'], landing: 'CALL_CENTER' });
    const none = myDashboardsSchema.parse((await send('GET', '/api/v1/dashboard/mine', operator.mail)).json());
    expect(none).toEqual({ available: [], landing: null });
  });
});
