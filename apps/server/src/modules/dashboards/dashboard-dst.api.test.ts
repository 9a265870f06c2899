import type { Dashboard, DrillRows, FigureKey } from '@casedesk/contract/dashboards/dashboard';
import { dashboardSchema, drillRowsSchema } from '@casedesk/contract/dashboards/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, injector } from '../../../test/support/test-app.ts';
import {
  dashboardPermissions,
  insertCall,
  insertClient,
  insertLead,
  insertOffice,
  insertUser,
} from './dashboards.test-support.ts';

/**
 * DESIGN §3: days, hours and months are bucketed in a named zone, right across both daylight-saving changes
 * (2026-03-08 and 2026-11-01 in the United States). One office per zone and change day keeps each case's rows
 * apart; the clock is moved to the afternoon of the day under test.
 */

let t: TestApp;
let send: ReturnType<typeof injector>;
let now = new Date('2026-03-08T20:00:00Z');
let db: ReturnType<TestApp['db']>;

beforeAll(async () => {
  t = await createTestApp({}, { dashboardClock: () => now });
  send = injector(t);
  db = t.db();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

interface Case {
  zone: 'America/New_York' | 'America/Los_Angeles';
  day: string;
  /** The afternoon of the day under test. */
  clock: string;
  /** Instants and the local [day, hour] each must fall in. */
  calls: [string, string, number][];
}

const CASES: Case[] = [
  {
    zone: 'America/New_York',
    day: '2026-03-08',
    clock: '2026-03-08T20:00:00Z',
    calls: [
      ['2026-03-08T04:59:00Z', '2026-03-07', 23],
      ['2026-03-08T05:00:00Z', '2026-03-08', 0],
      ['2026-03-08T06:30:00Z', '2026-03-08', 1],
      ['2026-03-08T07:30:00Z', '2026-03-08', 3],
      ['2026-03-09T03:59:00Z', '2026-03-08', 23],
      ['2026-03-09T04:00:00Z', '2026-03-09', 0],
    ],
  },
  {
    zone: 'America/New_York',
    day: '2026-11-01',
    clock: '2026-11-01T20:00:00Z',
    calls: [
      ['2026-11-01T03:59:00Z', '2026-10-31', 23],
      ['2026-11-01T04:00:00Z', '2026-11-01', 0],
      ['2026-11-01T05:30:00Z', '2026-11-01', 1],
      ['2026-11-01T06:30:00Z', '2026-11-01', 1],
      ['2026-11-02T04:30:00Z', '2026-11-01', 23],
      ['2026-11-02T05:00:00Z', '2026-11-02', 0],
    ],
  },
  {
    zone: 'America/Los_Angeles',
    day: '2026-03-08',
    clock: '2026-03-08T22:00:00Z',
    calls: [
      ['2026-03-08T07:59:00Z', '2026-03-07', 23],
      ['2026-03-08T08:00:00Z', '2026-03-08', 0],
      ['2026-03-08T09:30:00Z', '2026-03-08', 1],
      ['2026-03-08T10:30:00Z', '2026-03-08', 3],
      ['2026-03-09T06:59:00Z', '2026-03-08', 23],
      ['2026-03-09T07:00:00Z', '2026-03-09', 0],
    ],
  },
  {
    zone: 'America/Los_Angeles',
    day: '2026-11-01',
    clock: '2026-11-01T22:00:00Z',
    calls: [
      ['2026-11-01T06:59:00Z', '2026-10-31', 23],
      ['2026-11-01T07:00:00Z', '2026-11-01', 0],
      ['2026-11-01T08:30:00Z', '2026-11-01', 1],
      ['2026-11-01T09:30:00Z', '2026-11-01', 1],
      ['2026-11-02T07:30:00Z', '2026-11-01', 23],
      ['2026-11-02T08:00:00Z', '2026-11-02', 0],
    ],
  },
];

const valueOf = (dashboard: Dashboard, key: FigureKey) => dashboard.figures.find((f) => f.key === key)!.value;

async function setUp(zone: string) {
  const office = await insertOffice(db, zone);
  const user = await insertUser(
    db,
    office.id,
    dashboardPermissions(['DASHBOARD_CALL_CENTER', 'DASHBOARD_CORPORATE'], [office.id]),
  );
  return { office, user };
}

describe.each(CASES)('$zone on $day', ({ zone, day, clock, calls }) => {
  it("buckets calls into the zone's day and hours", async () => {
    const { office, user } = await setUp(zone);
    for (const [at] of calls) await insertCall(db, { officeId: office.id, at: new Date(at) });
    now = new Date(clock);
    const res = await send('POST', '/api/v1/dashboard/callCenter', user.mail, { timeZone: zone });
    expect(res.statusCode, res.body).toBe(200);
    const dashboard = dashboardSchema.parse(res.json());
    expect(dashboard.period.today).toBe(day);
    const today = calls.filter(([, d]) => d === day);
    expect(valueOf(dashboard, 'inboundCalls')).toBe(today.length);
    const hours = dashboard.series.find((s) => s.key === 'callsByHour' && s.label === 'Inbound calls')!;
    const expected = new Map<number, number>();
    for (const [, , hour] of today) expected.set(hour, (expected.get(hour) ?? 0) + 1);
    for (const point of hours.points) {
      expect(point.value, `${zone} ${day} hour ${point.label}`).toBe(expected.get(Number(point.label)) ?? 0);
      if (!point.value) continue;
      const rows = await send('POST', '/api/v1/dashboard/rows', user.mail, {
        drill: point.drill,
        timeZone: zone,
        pageNumber: 1,
      });
      const page: DrillRows = drillRowsSchema.parse(rows.json());
      expect(page.totalCount).toBe(point.value);
    }
  });

  it('buckets leads into the zone’s months (a change day next to a month’s edge)', async () => {
    const { office, user } = await setUp(zone);
    const client = await insertClient(db, office.id);
    for (const [at] of calls) await insertLead(db, { officeId: office.id, clientId: client, at: new Date(at) });
    now = new Date(clock);
    const res = await send('POST', '/api/v1/dashboard/corporate', user.mail, { timeZone: zone });
    expect(res.statusCode, res.body).toBe(200);
    const dashboard = dashboardSchema.parse(res.json());
    const byMonth = dashboard.series.find((s) => s.key === 'leadsByMonth')!;
    const expected = new Map<string, number>();
    for (const [, d] of calls) expected.set(d.slice(0, 7), (expected.get(d.slice(0, 7)) ?? 0) + 1);
    for (const point of byMonth.points) expect(point.value, point.label).toBe(expected.get(point.label) ?? 0);
    expect(valueOf(dashboard, 'leads')).toBe(expected.get(day.slice(0, 7)));
  });
});

describe('offsetHours', () => {
  it('is used only when no zone name is sent: a fixed offset has no daylight-saving change', async () => {
    const { office, user } = await setUp('America/New_York');
    // 07:30 UTC on 8 March: 03:30 in New York (summer time began at 02:00), 02:30 at a fixed UTC-05:00.
    await insertCall(db, { officeId: office.id, at: new Date('2026-03-08T07:30:00Z') });
    now = new Date('2026-03-08T20:00:00Z');
    const fixed = dashboardSchema.parse(
      (await send('POST', '/api/v1/dashboard/callCenter?offsetHours=-5', user.mail, {})).json(),
    );
    expect(fixed.period.timeZone).toBe('UTC-05:00');
    const hourOf = (d: Dashboard) =>
      d.series.find((s) => s.label === 'Inbound calls')!.points.find((p) => p.value)!.label;
    expect(hourOf(fixed)).toBe('02');
    const named = dashboardSchema.parse(
      (
        await send('POST', '/api/v1/dashboard/callCenter?offsetHours=-5', user.mail, {
          timeZone: 'America/New_York',
        })
      ).json(),
    );
    expect(named.period.timeZone).toBe('America/New_York');
    expect(hourOf(named)).toBe('03');
  });
});
