import type { Dashboard, Drill, DrillRows, FigureUnit } from '@casedesk/contract/dashboards/dashboard';
import { dashboardSchema, drillRowsSchema } from '@casedesk/contract/dashboards/dashboard';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, injector } from '../../../test/support/test-app.ts';
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
  insertReversal,
  insertText,
  insertUser,
} from './dashboards.test-support.ts';

/**
 * Numbers that agree: for random calls, texts, leads, appointments, payments and accounts in offices of three
 * zones, read by a caller in a random zone (or offsetHours), every figure and every series point of the three
 * dashboards equals what its drill-down rows give (their count, the sum of their cents, the share of "Yes" or
 * the mean talk time), and the export of a figure has exactly those rows.
 */

const NOW = new Date('2026-11-01T17:00:00Z'); // the New York fall-back day, afternoon everywhere in the US
const DAY = 86_400_000;
const ZONES = [
  { timeZone: 'America/New_York' },
  { timeZone: 'America/Los_Angeles' },
  { timeZone: 'Asia/Kolkata' },
  { offsetHours: -5 },
  { offsetHours: 9.5 },
] as const;

let t: TestApp;
let send: ReturnType<typeof injector>;
let offices: { id: string; name: string }[] = [];
let caller: { mail: string };
let operators: string[] = [];
const clients = new Map<string, string>();
const attorneys = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp({}, { dashboardClock: () => NOW });
  send = injector(t);
  const db = t.db();
  offices = [
    await insertOffice(db, 'America/New_York'),
    await insertOffice(db, 'America/Los_Angeles'),
    await insertOffice(db, 'America/Chicago'),
  ];
  const ids = offices.map((o) => o.id);
  caller = await insertUser(
    db,
    ids[0]!,
    dashboardPermissions(['DASHBOARD_CALL_CENTER', 'DASHBOARD_OFFICE', 'DASHBOARD_CORPORATE'], ids),
  );
  operators = [(await insertUser(db, ids[0]!, [], 'OPERATOR')).id, (await insertUser(db, ids[1]!, [], 'OPERATOR')).id];
  for (const id of ids) {
    clients.set(id, await insertClient(db, id));
    attorneys.set(id, await insertAttorney(db, id));
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** An instant around now: mostly within a few days, sometimes months back (the trends), to the minute. */
const instant = fc
  .oneof(
    fc.integer({ min: -3 * 24 * 60, max: 8 * 24 * 60 }),
    fc.integer({ min: -400 * 24 * 60, max: 0 }),
    fc.integer({ min: -90, max: 0 }),
  )
  .map((minutes) => new Date(NOW.getTime() + minutes * 60_000));
const office = fc.nat({ max: 2 });

const rowArbitrary = fc.oneof(
  fc.record({
    kind: fc.constant('call' as const),
    office,
    at: instant,
    direction: fc.constantFrom('INBOUND' as const, 'OUTBOUND' as const),
    seconds: fc.option(fc.integer({ min: 0, max: 900 })),
    status: fc.constantFrom('completed' as const, 'no-answer' as const, 'busy' as const, 'in-progress' as const),
    operator: fc.option(fc.nat({ max: 1 })),
  }),
  fc.record({
    kind: fc.constant('text' as const),
    office,
    at: instant,
    direction: fc.constantFrom('INBOUND' as const, 'OUTBOUND' as const),
    number: fc.constantFrom('3105550101', '3105550102', '3105550103'),
  }),
  fc.record({ kind: fc.constant('lead' as const), office, at: instant }),
  fc.record({
    kind: fc.constant('appointment' as const),
    office,
    at: instant,
    bookedBefore: fc.integer({ min: 0, max: 10 * 24 * 60 }),
    stageId: fc.constantFrom(117, 118, 119, 120, 121, 122),
    operator: fc.option(fc.nat({ max: 1 })),
    deleted: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('payment' as const),
    office,
    at: instant,
    feesCents: fc.integer({ min: 1, max: 100_000 }),
    reversed: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('account' as const), office, followUp: fc.option(fc.integer({ min: -5, max: 5 })) }),
);
type RowSpec = typeof rowArbitrary extends fc.Arbitrary<infer R> ? R : never;

async function insertRow(spec: RowSpec): Promise<void> {
  const db = t.db();
  const officeId = offices[spec.office]!.id;
  const clientId = clients.get(officeId)!;
  switch (spec.kind) {
    case 'call':
      await insertCall(db, {
        officeId,
        at: spec.at,
        direction: spec.direction,
        seconds: spec.status === 'in-progress' ? null : spec.seconds,
        status: spec.status,
        operatorId: spec.operator === null ? null : operators[spec.operator]!,
      });
      return;
    case 'text':
      await insertText(db, { officeId, at: spec.at, direction: spec.direction, number: spec.number });
      return;
    case 'lead':
      await insertLead(db, { officeId, clientId, at: spec.at });
      return;
    case 'appointment':
      await insertAppointment(db, {
        officeId,
        clientId,
        attorneyId: attorneys.get(officeId)!,
        at: spec.at,
        bookedAt: new Date(Math.min(spec.at.getTime(), NOW.getTime()) - spec.bookedBefore * 60_000),
        stageId: spec.stageId,
        bookedById: spec.operator === null ? null : operators[spec.operator]!,
        deleted: spec.deleted,
      });
      return;
    case 'payment': {
      const day = spec.at.toISOString().slice(0, 10);
      const id = await insertPayment(db, { officeId, clientId, day, feesCents: spec.feesCents });
      if (spec.reversed)
        await insertReversal(db, { officeId, clientId, day, reversesId: id, feesCents: spec.feesCents });
      return;
    }
    case 'account':
      await insertAccount(db, {
        officeId,
        clientId,
        followUpDate:
          spec.followUp === null ? null : new Date(NOW.getTime() + spec.followUp * DAY).toISOString().slice(0, 10),
      });
  }
}

const ALL = 2_147_483_647;

/** The figure a drill-down's rows give, as the server must have computed it (docs/dashboards.md). */
function figureOfRows(unit: FigureUnit, rows: DrillRows): number | null {
  if (unit === 'count') return rows.totalCount;
  if (unit === 'cents') return rows.totalCents;
  if (rows.totalCount === 0) return null;
  if (unit === 'percent') {
    const yes = rows.rows.filter((r) => r.answered === 'Yes').length;
    return Math.round((yes * 1000) / rows.totalCount) / 10;
  }
  const seconds = rows.rows.reduce((sum, r) => sum + Number(r.talkSeconds), 0);
  return Math.round(seconds / rows.totalCount);
}

async function rowsOf(drill: Drill, zone: object, query: string): Promise<DrillRows> {
  const res = await send('POST', `/api/v1/dashboard/rows${query}`, caller.mail, {
    drill,
    ...zone,
    pageNumber: 1,
    pageSize: ALL,
  });
  expect(res.statusCode, res.body).toBe(200);
  return drillRowsSchema.parse(res.json());
}

describe('every dashboard figure and point equals its rows and its export', () => {
  it('for random rows in three zones, read in random zones', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(rowArbitrary, { minLength: 1, maxLength: 25 }),
        fc.constantFrom(...ZONES),
        async (specs, zone) => {
          for (const spec of specs) await insertRow(spec);
          const query = 'offsetHours' in zone ? `?offsetHours=${zone.offsetHours}` : '';
          const body = 'timeZone' in zone ? { timeZone: zone.timeZone } : {};
          const problems: string[] = [];
          for (const path of ['callCenter', 'office', 'corporate']) {
            const res = await send('POST', `/api/v1/dashboard/${path}${query}`, caller.mail, body);
            expect(res.statusCode, res.body).toBe(200);
            const dashboard: Dashboard = dashboardSchema.parse(res.json());
            const items = [
              ...dashboard.figures.map((f) => ({ ...f, csv: true })),
              ...dashboard.series
                .filter((s) => s.key !== 'costPerSignedBySource')
                .flatMap((s) => s.points.filter((p) => p.value).map((p) => ({ ...p, unit: s.unit, csv: false }))),
            ];
            for (const item of items) {
              const rows = await rowsOf(item.drill, body, query);
              const fromRows = figureOfRows(item.unit, rows);
              if (fromRows !== item.value) {
                problems.push(`${JSON.stringify(item.drill)}: ${item.value} but its rows give ${fromRows}`);
              }
              if (!item.csv) continue;
              const csv = await send('POST', `/api/v1/dashboard/rows/export${query}`, caller.mail, {
                drill: item.drill,
                ...body,
                format: 'csv',
              });
              const exported = csvDataRows(csv.body).length;
              if (exported !== rows.totalCount) {
                problems.push(`${JSON.stringify(item.drill)}: ${rows.totalCount} rows but ${exported} exported`);
              }
            }
          }
          expect(problems).toEqual([]);
        },
      ),
      { numRuns: 6 },
    );
  }, 600_000);
});
