import type { Permission } from '@casedesk/contract/access/permission-schemas';
import type { DashboardFigures } from '@casedesk/contract/collections/dashboard';
import {
  DASHBOARD_MESSAGES,
  dashboardAccessSchema,
  dashboardByCollectorSchema,
  dashboardByOfficeSchema,
  dashboardPeriod,
  dashboardSummarySchema,
} from '@casedesk/contract/collections/dashboard';
import { agingBucketOf, daysBetween, plusDays } from '@casedesk/contract/collections/dashboard-filters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, injector, SEEDED } from '../../../test/support/test-app.ts';
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

let t: TestApp;
let send: ReturnType<typeof injector>;
let office: { id: string; name: string };
let other: { id: string; name: string };
let manager: { id: string; mail: string };
let collectorA: { id: string; mail: string; displayName: string };
let collectorB: { id: string; mail: string; displayName: string };
const period = dashboardPeriod({ offsetHours: 0 });
const T = period.today;
const noonOf = (day: string) => new Date(`${day}T12:00:00Z`);
/** What the account paid last month: on its first day, so it is last month's whatever today is. */
const lastMonthDay = period.lastMonth.from;

const WIDGET = '/api/v1/collectionDashboard/widget';
const BY_OFFICE = '/api/v1/collectionDashboard/byOffice';
const BY_COLLECTOR = '/api/v1/collectionDashboard/byCollector';
const MINE = '/api/v1/collectionDashboard/mine';

beforeAll(async () => {
  t = await createTestApp();
  send = injector(t);
  const db = t.db();
  office = await insertOffice(db, 'America/New_York');
  other = await insertOffice(db, 'America/Chicago');
  manager = await insertUser(db, office.id, 'MANAGER', managerPermissions([office.id]));
  collectorA = await insertUser(db, office.id, 'COLLECTOR', collectorPermissions(office.id));
  collectorB = await insertUser(db, office.id, 'COLLECTOR', collectorPermissions(office.id));
  const client = await insertClient(db, office.id);
  const account = (spec: Partial<Parameters<typeof insertAccount>[1]>) =>
    insertAccount(db, { officeId: office.id, clientId: client, originalCents: 10_000, ...spec });

  // A1: active, 10 days old, never paid.
  await account({ collectorId: collectorA.id, openedAt: noonOf(plusDays(T, -10)) });
  // A2: review, paid 200.00 on the first of last month, follow-up yesterday.
  const a2 = await account({
    status: 'REVIEW',
    collectorId: collectorA.id,
    originalCents: 50_000,
    followUpDate: plusDays(T, -1),
    openedAt: noonOf(plusDays(T, -120)),
  });
  await addPayment(db, a2, 20_000, lastMonthDay);
  // A3: escalation, 100 days old, follow-up today.
  await account({
    status: 'ESCALATION',
    collectorId: collectorB.id,
    originalCents: 25_000,
    followUpDate: T,
    openedAt: noonOf(plusDays(T, -100)),
  });
  // A4: on a plan, paid 100.00 today; one instalment kept, one missed, one to come.
  const a4 = await account({ status: 'PAYMENT_PLAN', collectorId: collectorB.id, originalCents: 120_000 });
  await addPayment(db, a4, 10_000, T);
  await addPlan(db, a4, 'ACTIVE', [
    { dueDate: plusDays(T, -20), status: 'PAID' },
    { dueDate: plusDays(T, -10), status: 'MISSED' },
    { dueDate: plusDays(T, 10), status: 'DUE' },
  ]);
  // A5: paid in full today (a payment of 80.00 reversed and one of 50.00 that stands).
  const a5 = await account({ status: 'PAID', originalCents: 5_000 });
  await addPayment(db, a5, 8_000, T, { on: T });
  await addPayment(db, a5, 5_000, T);
  // A6: active, unassigned, 70 days old, 30.00 written off, its plan paused.
  const a6 = await account({ originalCents: 8_000, openedAt: noonOf(plusDays(T, -70)) });
  await addAdjustment(db, a6, -3_000);
  await addPlan(db, a6, 'PAUSED', []);
  // A7: closed.
  await account({ status: 'CLOSED', collectorId: collectorA.id, originalCents: 4_000 });
  // Another office's account, which the manager must not count.
  const otherClient = await insertClient(db, other.id);
  await insertAccount(db, {
    officeId: other.id,
    clientId: otherClient,
    originalCents: 99_900,
    collectorId: collectorA.id,
  });
});
afterAll(async () => t?.close());

function statusOf(figures: DashboardFigures, status: string) {
  const found = figures.byStatus.find((s) => s.status === status)!;
  return { count: found.count, amountCents: found.amountCents };
}

function agingOf(figures: DashboardFigures) {
  return Object.fromEntries(figures.aging.map((a) => [a.bucket, a.count]));
}

describe('who gets which dashboard (SPEC §6)', () => {
  it('answers each seeded role its view', async () => {
    const viewOf = async (as: string) => dashboardAccessSchema.parse((await send('GET', MINE, as)).json());
    expect(await viewOf(SEEDED.admin)).toEqual({ view: 'SUMMARY', everyCollector: true, reporting: true });
    expect(await viewOf(SEEDED.manager)).toEqual({ view: 'BY_OFFICE', everyCollector: true, reporting: false });
    expect(await viewOf(SEEDED.collector)).toEqual({ view: 'BY_COLLECTOR', everyCollector: false, reporting: false });
    expect(await viewOf(SEEDED.operator)).toEqual({ view: 'NONE', everyCollector: false, reporting: false });
    expect((await send('GET', MINE, null)).statusCode).toBe(401);
  });

  it('decides by the role condition: a grant for ADMIN does nothing for a MANAGER, and the other way round', async () => {
    const db = t.db();
    const dashboard = (role: 'ADMIN' | 'MANAGER'): Permission => ({
      permissionType: 'COLLECTIONS_DASHBOARD',
      accessLevelDTO: [
        { accessType: 'READ', conditionDTO: [{ conditionType: 'USER_ROLE', relationType: 'EQUALS', values: [role] }] },
      ],
    });
    const accounts: Permission = {
      permissionType: 'ALL_ACCOUNTS',
      accessLevelDTO: [{ accessType: 'READ', conditionDTO: [] }],
    };
    const managerWithAdminGrant = await insertUser(db, office.id, 'MANAGER', [dashboard('ADMIN'), accounts]);
    const adminWithManagerGrant = await insertUser(db, office.id, 'ADMIN', [dashboard('MANAGER')]);
    const adminWithAdminGrant = await insertUser(db, office.id, 'ADMIN', [dashboard('ADMIN'), accounts]);

    expect((await send('GET', MINE, managerWithAdminGrant.mail)).json().view).toBe('BY_COLLECTOR');
    expect((await send('POST', WIDGET, managerWithAdminGrant.mail, {})).statusCode).toBe(403);
    expect((await send('POST', BY_OFFICE, managerWithAdminGrant.mail, {})).statusCode).toBe(403);

    expect((await send('GET', MINE, adminWithManagerGrant.mail)).json().view).toBe('NONE');
    expect((await send('POST', WIDGET, adminWithManagerGrant.mail, {})).statusCode).toBe(403);

    expect((await send('GET', MINE, adminWithAdminGrant.mail)).json().view).toBe('SUMMARY');
    expect((await send('POST', WIDGET, adminWithAdminGrant.mail, {})).statusCode).toBe(200);
  });
});

describe('POST /api/v1/collectionDashboard/widget', () => {
  it('401 without a token, 403 without the dashboard or with the MANAGER condition', async () => {
    expect((await send('POST', WIDGET, null, {})).statusCode).toBe(401);
    expect((await send('POST', WIDGET, SEEDED.operator, {})).statusCode).toBe(403);
    expect((await send('POST', WIDGET, SEEDED.collector, {})).statusCode).toBe(403);
    const asManager = await send('POST', WIDGET, SEEDED.manager, {});
    expect(asManager.statusCode).toBe(403);
    expect(asManager.json().message).toBe(DASHBOARD_MESSAGES.summaryNeedsAdmin);
  });

  it('400 with the message for a zone that is not one', async () => {
    const bad = await send('POST', WIDGET, SEEDED.admin, { timeZone: 'EST5' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ timeZone: 'Time Zone must be a valid time zone.' });
    expect((await send('POST', `${WIDGET}?offsetHours=20`, SEEDED.admin, {})).statusCode).toBe(400);
    expect((await send('POST', WIDGET, SEEDED.admin, { officeId: office.id })).statusCode).toBe(400);
  });

  it('gives the firm-wide summary, each figure equal to the accounts its filter selects', async () => {
    const res = await send('POST', WIDGET, SEEDED.admin, { timeZone: 'America/New_York' });
    expect(res.statusCode).toBe(200);
    const { period: shown, figures } = dashboardSummarySchema.parse(res.json());
    expect(shown.timeZone).toBe('America/New_York');
    const stored = await readStoredAccounts(t.db());
    expect(figures.accounts.count).toBe(stored.accounts.length);
    for (const s of figures.byStatus) {
      const behind = selectByFilter(stored, s.filter);
      expect([s.status, s.count, s.amountCents]).toEqual([s.status, behind.count, behind.balanceCents]);
    }
    const collected = selectByFilter(stored, figures.collectedThisMonth.filter);
    expect(figures.collectedThisMonth.amountCents).toBe(collected.collectedCents);
  });

  it('reads the month in the caller’s zone: offsetHours when no zone is named', async () => {
    const res = await send('POST', `${WIDGET}?offsetHours=-5`, SEEDED.admin, {});
    const { period: shown } = dashboardSummarySchema.parse(res.json());
    expect(shown).toEqual(dashboardPeriod({ offsetHours: -5 }));
    expect(shown.timeZone).toBe('UTC-05:00');
  });
});

describe('POST /api/v1/collectionDashboard/byOffice', () => {
  it('401, 403 for a collector, 400 for a bad office id', async () => {
    expect((await send('POST', BY_OFFICE, null, {})).statusCode).toBe(401);
    expect((await send('POST', BY_OFFICE, SEEDED.collector, {})).statusCode).toBe(403);
    const bad = await send('POST', BY_OFFICE, manager.mail, { officeId: 'not-an-id' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(['officeId']);
  });

  it("404 for an office outside the manager's, as for one that does not exist", async () => {
    const outside = await send('POST', BY_OFFICE, manager.mail, { officeId: other.id });
    const missing = await send('POST', BY_OFFICE, manager.mail, { officeId: crypto.randomUUID() });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe(missing.json().message);
  });

  it("gives a manager their office's figures, and none of another office", async () => {
    const res = await send('POST', BY_OFFICE, manager.mail, {});
    expect(res.statusCode).toBe(200);
    const { rows } = dashboardByOfficeSchema.parse(res.json());
    expect(rows.map((r) => r.officeId)).toEqual([office.id]);
    const { figures } = rows[0]!;
    expect(figures.accounts).toMatchObject({ count: 7, filter: { officeId: office.id } });
    expect(statusOf(figures, 'ACTIVE')).toEqual({ count: 2, amountCents: 10_000 + 5_000 });
    expect(statusOf(figures, 'REVIEW')).toEqual({ count: 1, amountCents: 30_000 });
    expect(statusOf(figures, 'ESCALATION')).toEqual({ count: 1, amountCents: 25_000 });
    expect(statusOf(figures, 'PAYMENT_PLAN')).toEqual({ count: 1, amountCents: 110_000 });
    expect(statusOf(figures, 'PAID')).toEqual({ count: 1, amountCents: 0 });
    expect(statusOf(figures, 'CLOSED')).toEqual({ count: 1, amountCents: 4_000 });
    expect(figures.open).toMatchObject({ count: 5, amountCents: 180_000 });
    // Today: A4's 100.00 and A5's 50.00 (its 80.00 and the reversal net to nothing); last month: A2's 200.00.
    expect(figures.collectedThisMonth).toMatchObject({ count: 2, amountCents: 15_000 });
    expect(figures.collectedLastMonth).toMatchObject({ count: 1, amountCents: 20_000 });
    expect(figures.plans.active).toMatchObject({ count: 1, amountCents: 110_000, filter: { planState: 'ACTIVE' } });
    expect(figures.plans.paused).toMatchObject({ count: 1, amountCents: 5_000 });
    expect(figures.plans.missed).toMatchObject({ count: 1, amountCents: 110_000 });
    expect(figures.followUps.past).toMatchObject({ count: 1, amountCents: 30_000 });
    expect(figures.followUps.today).toMatchObject({ count: 1, amountCents: 25_000 });
    expect(figures.promiseKept).toMatchObject({ kept: 1, missed: 1, rate: 0.5 });
    const a2Bucket = agingBucketOf(daysBetween(lastMonthDay, T));
    const expected: Record<string, number> = { '0-30': 2, '31-60': 0, '61-90': 1, '90+': 1 };
    expected[a2Bucket] = (expected[a2Bucket] ?? 0) + 1;
    expect(agingOf(figures)).toEqual(expected);
    expect(figures.aging.find((a) => a.bucket === '90+')!.filter).toEqual({
      officeId: office.id,
      statuses: ['ACTIVE', 'REVIEW', 'ESCALATION', 'PAYMENT_PLAN'],
      balanceFromCents: 1,
      agingBucket: '90+',
      today: T,
    });
  });

  it('lists every office of the admin, one row each', async () => {
    const res = await send('POST', BY_OFFICE, SEEDED.admin, { officeId: office.id });
    const { rows } = dashboardByOfficeSchema.parse(res.json());
    expect(rows).toHaveLength(1);
    expect(rows[0]!.figures.accounts.count).toBe(7);
  });
});

describe('POST /api/v1/collectionDashboard/byCollector', () => {
  it('401, 403 without ALL_ACCOUNTS, 400, 404 outside the caller’s offices', async () => {
    expect((await send('POST', BY_COLLECTOR, null, {})).statusCode).toBe(401);
    expect((await send('POST', BY_COLLECTOR, SEEDED.operator, {})).statusCode).toBe(403);
    expect((await send('POST', BY_COLLECTOR, collectorA.mail, { timeZone: 'Mars/Olympus' })).statusCode).toBe(400);
    expect((await send('POST', BY_COLLECTOR, manager.mail, { officeId: other.id })).statusCode).toBe(404);
  });

  it('gives a collector their own row only, across the offices their accounts are in', async () => {
    const res = await send('POST', BY_COLLECTOR, collectorA.mail, {});
    expect(res.statusCode).toBe(200);
    const body = dashboardByCollectorSchema.parse(res.json());
    expect(body.everyCollector).toBe(false);
    expect(body.rows.map((r) => r.collectorId)).toEqual([collectorA.id]);
    const { figures } = body.rows[0]!;
    // A1, A2 and A7 in the office, and the other office's account (the seeded collector grant has no office condition).
    expect(figures.accounts).toMatchObject({ count: 4, filter: { collectorId: collectorA.id } });
    expect(figures.open).toMatchObject({ count: 3, amountCents: 10_000 + 30_000 + 99_900 });

    const inOffice = dashboardByCollectorSchema.parse(
      (await send('POST', BY_COLLECTOR, collectorA.mail, { officeId: office.id })).json(),
    );
    expect(inOffice.rows[0]!.figures.accounts).toMatchObject({
      count: 3,
      filter: { officeId: office.id, collectorId: collectorA.id },
    });
  });

  it("gives a manager every collector of their office's accounts and the unassigned ones", async () => {
    const res = await send('POST', BY_COLLECTOR, manager.mail, {});
    const body = dashboardByCollectorSchema.parse(res.json());
    expect(body.everyCollector).toBe(true);
    const rows = Object.fromEntries(body.rows.map((r) => [r.collectorId ?? 'none', r.figures.accounts.count]));
    expect(rows).toEqual({ [collectorA.id]: 3, [collectorB.id]: 2, none: 2 });
    const unassigned = body.rows.find((r) => r.collectorId === null)!;
    expect(unassigned.collector).toBe('Unassigned');
    expect(unassigned.figures.accounts.filter).toEqual({ unassigned: true });
    expect(body.rows.find((r) => r.collectorId === collectorB.id)!.figures.promiseKept).toMatchObject({
      kept: 1,
      missed: 1,
    });
  });
});
