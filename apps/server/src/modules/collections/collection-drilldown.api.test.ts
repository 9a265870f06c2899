import type { CollectionAccountFilter } from '@casedesk/contract/collections/account';
import {
  COLLECTION_ACCOUNT_MESSAGES,
  collectionAccountListSchema,
  collectionAccountTotalsSchema,
} from '@casedesk/contract/collections/account';
import type { DashboardFigures } from '@casedesk/contract/collections/dashboard';
import {
  dashboardByCollectorSchema,
  dashboardByOfficeSchema,
  dashboardPeriod,
} from '@casedesk/contract/collections/dashboard';
import { plusDays } from '@casedesk/contract/collections/dashboard-filters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, injector } from '../../../test/support/test-app.ts';
import { collectorPermissions, managerPermissions } from '../../seed/permission-profiles.ts';
import {
  addAdjustment,
  addPayment,
  addPlan,
  insertAccount,
  insertClient,
  insertOffice,
  insertUser,
  readStoredAccounts,
  selectByFilter,
} from './collection-dashboard.test-support.ts';

/**
 * The drill-down through HTTP: every figure of the office and collector dashboards equals what the account
 * list (`/collectionAccount/all`) and its totals (`/allTotals`) answer for the figure's filter — the count, and
 * the balance, or the money collected for the collected figures.
 */

const ZONE = 'America/New_York';
let t: TestApp;
let send: ReturnType<typeof injector>;
let manager: { mail: string };
let offices: string[];

beforeAll(async () => {
  t = await createTestApp();
  send = injector(t);
  const db = t.db();
  offices = [(await insertOffice(db, ZONE)).id, (await insertOffice(db, 'Pacific/Kiritimati')).id];
  manager = await insertUser(db, offices[0]!, 'MANAGER', managerPermissions(offices));
  const collector = await insertUser(db, offices[0]!, 'COLLECTOR', collectorPermissions(offices[0]!));
  const { today, thisMonth, lastMonth } = dashboardPeriod({ timeZone: ZONE, offsetHours: 0 });
  const openedDaysAgo = (days: number) => new Date(Date.parse(`${plusDays(today, -days)}T15:00:00Z`));
  for (const officeId of offices) {
    const clientId = await insertClient(db, officeId);
    const open = async (days: number, extra: Partial<Parameters<typeof insertAccount>[1]> = {}) =>
      insertAccount(db, {
        officeId,
        clientId,
        originalCents: 10_000 + days,
        collectorId: collector.id,
        openedAt: openedDaysAgo(days),
        ...extra,
      });
    // One account in each aging bucket, at its edges; one with a follow-up past, one due today.
    for (const days of [0, 30, 31, 60, 61, 90, 91, 200]) await open(days);
    await open(5, { followUpDate: plusDays(today, -1), status: 'REVIEW' });
    await open(5, { followUpDate: today, status: 'ESCALATION', collectorId: null });
    // Paid this month (one reversed the next day), last month, and long ago (aged from that payment).
    await addPayment(db, await open(100), 2_500, thisMonth.from);
    await addPayment(db, await open(100), 4_000, lastMonth.to, { on: thisMonth.from });
    await addPayment(db, await open(120, { status: 'PAYMENT_PLAN' }), 1_000, lastMonth.from);
    await addPayment(db, await open(300), 700, plusDays(today, -70));
    // Settled and written off.
    const settled = await open(150, { status: 'PAID' });
    await addAdjustment(db, settled, -(10_000 + 150));
    await open(150, { status: 'CLOSED', collectorId: null });
    // Plans: active with a kept promise, paused, active with a missed one, cancelled with an old missed one.
    await addPlan(db, await open(40, { status: 'PAYMENT_PLAN' }), 'ACTIVE', [
      { dueDate: plusDays(today, -10), status: 'PAID' },
      { dueDate: plusDays(today, 20), status: 'DUE' },
    ]);
    await addPlan(db, await open(40, { status: 'PAYMENT_PLAN' }), 'PAUSED', [
      { dueDate: plusDays(today, -3), status: 'PAUSED' },
    ]);
    await addPlan(db, await open(70, { status: 'PAYMENT_PLAN' }), 'ACTIVE', [
      { dueDate: plusDays(today, -40), status: 'PAID' },
      { dueDate: plusDays(today, -9), status: 'MISSED' },
    ]);
    await addPlan(db, await open(200), 'CANCELLED', [{ dueDate: plusDays(today, -100), status: 'MISSED' }]);
  }
});
afterAll(async () => t?.close());

interface FigureCase {
  label: string;
  filter: CollectionAccountFilter;
  count?: number;
  amountCents?: number;
  amount?: 'balance' | 'collected';
}

function everyFigure(figures: DashboardFigures, where: string): FigureCase[] {
  const balance = (label: string, f: { count: number; amountCents: number; filter: CollectionAccountFilter }) => ({
    label: `${where} ${label}`,
    filter: f.filter,
    count: f.count,
    amountCents: f.amountCents,
    amount: 'balance' as const,
  });
  return [
    balance('accounts', figures.accounts),
    balance('open', figures.open),
    ...figures.byStatus.map((s) => balance(`status ${s.status}`, s)),
    { ...balance('collected this month', figures.collectedThisMonth), amount: 'collected' },
    { ...balance('collected last month', figures.collectedLastMonth), amount: 'collected' },
    balance('plans active', figures.plans.active),
    balance('plans paused', figures.plans.paused),
    balance('plans missed', figures.plans.missed),
    ...figures.aging.map((a) => balance(`aging ${a.bucket}`, a)),
    balance('follow-ups past', figures.followUps.past),
    balance('follow-ups today', figures.followUps.today),
    { label: `${where} promise kept`, filter: figures.promiseKept.filter },
  ];
}

async function listed(filter: CollectionAccountFilter) {
  const totals = await send('POST', '/api/v1/collectionAccount/allTotals', manager.mail, { filter });
  const list = await send('POST', '/api/v1/collectionAccount/all', manager.mail, {
    pageNumber: 1,
    pageSize: 2147483647,
    filter,
  });
  expect([totals.statusCode, list.statusCode]).toEqual([200, 200]);
  const page = collectionAccountListSchema.parse(list.json());
  expect(page.items).toHaveLength(page.totalCount);
  return { totals: collectionAccountTotalsSchema.parse(totals.json()), rows: page.items.length };
}

describe('a dashboard figure and the account list it opens', () => {
  it('agree on the count and the amount of every figure', async () => {
    const body = { timeZone: ZONE };
    const byOffice = dashboardByOfficeSchema.parse(
      (await send('POST', '/api/v1/collectionDashboard/byOffice', manager.mail, body)).json(),
    );
    const cases = byOffice.rows.flatMap((row) => everyFigure(row.figures, row.office));
    for (const officeId of offices) {
      const byCollector = dashboardByCollectorSchema.parse(
        (await send('POST', '/api/v1/collectionDashboard/byCollector', manager.mail, { ...body, officeId })).json(),
      );
      cases.push(...byCollector.rows.flatMap((row) => everyFigure(row.figures, `${officeId} ${row.collector}`)));
    }
    expect(byOffice.rows.map((r) => r.officeId).sort()).toEqual([...offices].sort());

    const stored = await readStoredAccounts(t.db());
    const wrong: string[] = [];
    let drilled = 0;
    for (const c of cases) {
      const { totals, rows } = await listed(c.filter);
      const got =
        c.amount === undefined
          ? [totals.count, rows]
          : [totals.count, rows, c.amount === 'collected' ? totals.collectedCents : totals.outstandingCents];
      // The promise figure counts instalments; the accounts behind them are those the plain-code reading selects.
      const want =
        c.amount === undefined
          ? [selectByFilter(stored, c.filter).count, selectByFilter(stored, c.filter).count]
          : [c.count, c.count, c.amountCents];
      if (JSON.stringify(got) !== JSON.stringify(want)) {
        wrong.push(
          `${c.label}: list ${JSON.stringify(got)}, figure ${JSON.stringify(want)} ${JSON.stringify(c.filter)}`,
        );
      }
      if (c.count) drilled += 1;
    }
    expect(wrong).toEqual([]);
    // The data reaches every kind of figure, so the agreement is not one of zeros.
    expect(drilled).toBeGreaterThan(40);
    for (const row of byOffice.rows) {
      expect(row.figures.aging.every((a) => a.count > 0)).toBe(true);
      expect(row.figures.plans).toMatchObject({ active: { count: 2 }, paused: { count: 1 }, missed: { count: 1 } });
      expect(row.figures.collectedThisMonth).toMatchObject({ count: 2, amountCents: 2_500 - 4_000 });
      expect(row.figures.promiseKept).toMatchObject({ kept: 2, missed: 1 });
    }
  });

  it('refuses a bad drill-down value with the contract message', async () => {
    const bad = async (filter: Record<string, unknown>) => {
      const res = await send('POST', '/api/v1/collectionAccount/allTotals', manager.mail, { filter });
      expect(res.statusCode).toBe(400);
      return JSON.stringify(res.json());
    };
    expect(await bad({ agingBucket: '10-20', today: '2026-11-26' })).toContain(COLLECTION_ACCOUNT_MESSAGES.agingBucket);
    expect(await bad({ agingBucket: '31-60' })).toContain(COLLECTION_ACCOUNT_MESSAGES.agingNeedsToday);
    expect(await bad({ planState: 'LATE' })).toContain(COLLECTION_ACCOUNT_MESSAGES.planState);
    expect(await bad({ paidFrom: '2026-13-01' })).toContain('Paid From');
    const list = await send('POST', '/api/v1/collectionAccount/all', manager.mail, {
      pageNumber: 1,
      pageSize: 20,
      filter: { planState: 'LATE' },
    });
    expect(list.statusCode).toBe(400);
    expect(JSON.stringify(list.json())).toContain(COLLECTION_ACCOUNT_MESSAGES.planState);
  });
});
