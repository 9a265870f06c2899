import type { CollectionStatus } from '@casedesk/contract/collections/account';
import { COLLECTION_STATUSES } from '@casedesk/contract/collections/account';
import type { DashboardFigures } from '@casedesk/contract/collections/dashboard';
import {
  dashboardByCollectorSchema,
  dashboardByOfficeSchema,
  dashboardPeriod,
  dashboardSummarySchema,
} from '@casedesk/contract/collections/dashboard';
import { plusDays } from '@casedesk/contract/collections/dashboard-filters';
import type { InstalmentStatus, PlanStatus } from '@casedesk/contract/collections/payment-plan';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, injector, SEEDED } from '../../../test/support/test-app.ts';
import type { Db } from '../../platform/db/database.ts';
import { collectorPermissions } from '../../seed/permission-profiles.ts';
import type { StoredAccounts } from './collection-dashboard.test-support.ts';
import { collectionAccounts } from './collections.tables.ts';
import { paymentPlanInstalments, paymentPlans } from './payment-plans.tables.ts';
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
 * For random accounts, payments, adjustments and plans in offices far apart in time (UTC+14 and UTC−11), read
 * at a random zone: every figure of every dashboard equals the count and total of the accounts its filter
 * selects, read from the stored rows in plain code (selectByFilter, the list's meaning of each field).
 */

let t: TestApp;
let send: ReturnType<typeof injector>;
let offices: string[];
let collectors: string[];
const clientOf = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  send = injector(t);
  const db = t.db();
  offices = [(await insertOffice(db, 'Pacific/Kiritimati')).id, (await insertOffice(db, 'Pacific/Pago_Pago')).id];
  for (const id of offices) clientOf.set(id, await insertClient(db, id));
  collectors = [
    (await insertUser(db, offices[0]!, 'COLLECTOR', collectorPermissions(offices[0]!))).id,
    (await insertUser(db, offices[1]!, 'COLLECTOR', collectorPermissions(offices[1]!))).id,
  ];
});
afterAll(async () => t?.close());

const ZONES = [
  { timeZone: 'Pacific/Kiritimati' },
  { timeZone: 'Pacific/Pago_Pago' },
  { timeZone: 'America/New_York' },
  { offsetHours: 14 },
  { offsetHours: -11 },
  { offsetHours: 0 },
] as const;

/** Days back, often right at an aging bucket's edge, where a day's error shows. */
const daysBack = (max: number) =>
  fc.oneof(fc.constantFrom(0, 1, 29, 30, 31, 32, 59, 60, 61, 62, 89, 90, 91, 92), fc.integer({ min: 0, max }));

const instalment = fc.record({
  due: fc.integer({ min: -120, max: 30 }),
  status: fc.constantFrom<InstalmentStatus>('DUE', 'PAID', 'MISSED', 'PAUSED'),
});
const accountArbitrary = fc.record({
  office: fc.nat({ max: 1 }),
  collector: fc.constantFrom(0, 1, null),
  status: fc.constantFrom<CollectionStatus>(...COLLECTION_STATUSES),
  originalCents: fc.integer({ min: 1, max: 200_000 }),
  followUp: fc.option(fc.integer({ min: -4, max: 4 })),
  openedDaysAgo: daysBack(200),
  openedHour: fc.integer({ min: 0, max: 23 }),
  payments: fc.array(
    fc.record({
      cents: fc.integer({ min: 1, max: 50_000 }),
      daysAgo: fc.oneof(fc.constant(-1), daysBack(100)),
      reversed: fc.boolean(),
    }),
    { maxLength: 3 },
  ),
  adjustment: fc.option(fc.integer({ min: -5_000, max: 5_000 }).filter((n) => n !== 0)),
  plan: fc.option(
    fc.record({
      status: fc.constantFrom<PlanStatus>('ACTIVE', 'PAUSED', 'COMPLETED', 'CANCELLED'),
      instalments: fc.array(instalment, { maxLength: 4 }),
    }),
  ),
  // Then, as collectors work: the account changes hands, office or status, its first instalment is settled, its
  // plan changes status (each moves the running totals the dashboard reads).
  later: fc.record({
    collector: fc.constantFrom('keep' as const, 'none' as const, 0, 1),
    office: fc.option(fc.nat({ max: 1 })),
    status: fc.option(fc.constantFrom<CollectionStatus>(...COLLECTION_STATUSES)),
    settle: fc.option(fc.constantFrom<InstalmentStatus>('PAID', 'MISSED', 'DUE')),
    planStatus: fc.option(fc.constantFrom<PlanStatus>('ACTIVE', 'PAUSED', 'COMPLETED', 'CANCELLED')),
    // A new plan version replaces the instalments not yet settled (here: the second, whatever its status).
    replaceSecond: fc.boolean(),
  }),
});

/** The later changes of one account, as the app's statements would make them. */
async function changeLater(db: Db, accountId: string, planId: string | undefined, later: Later): Promise<void> {
  const changes = {
    ...(later.collector === 'keep'
      ? {}
      : { collectorId: later.collector === 'none' ? null : collectors[later.collector]! }),
    ...(later.office === null ? {} : { officeId: offices[later.office]! }),
    ...(later.status === null ? {} : { status: later.status }),
  };
  if (Object.keys(changes).length)
    await db.update(collectionAccounts).set(changes).where(eq(collectionAccounts.id, accountId));
  if (!planId) return;
  if (later.settle !== null) {
    await db
      .update(paymentPlanInstalments)
      .set({ status: later.settle })
      .where(and(eq(paymentPlanInstalments.planId, planId), eq(paymentPlanInstalments.seq, 1)));
  }
  if (later.replaceSecond) {
    await db
      .delete(paymentPlanInstalments)
      .where(and(eq(paymentPlanInstalments.planId, planId), eq(paymentPlanInstalments.seq, 2)));
  }
  if (later.planStatus !== null)
    await db.update(paymentPlans).set({ status: later.planStatus }).where(eq(paymentPlans.id, planId));
}
type Later = {
  collector: 'keep' | 'none' | number;
  office: number | null;
  status: CollectionStatus | null;
  settle: InstalmentStatus | null;
  planStatus: PlanStatus | null;
  replaceSecond: boolean;
};

type Case = {
  label: string;
  count?: number;
  amountCents?: number;
  kind: 'balance' | 'collected' | 'promise';
  kept?: number;
  missed?: number;
  filter: Parameters<typeof selectByFilter>[1];
};

function everyFigure(figures: DashboardFigures, where: string): Case[] {
  const balance = (label: string, f: { count: number; amountCents: number; filter: Case['filter'] }): Case => ({
    label: `${where} ${label}`,
    count: f.count,
    amountCents: f.amountCents,
    kind: 'balance',
    filter: f.filter,
  });
  return [
    balance('accounts', figures.accounts),
    balance('open', figures.open),
    ...figures.byStatus.map((s) => balance(`status ${s.status}`, s)),
    { ...balance('collected this month', figures.collectedThisMonth), kind: 'collected' },
    { ...balance('collected last month', figures.collectedLastMonth), kind: 'collected' },
    balance('plans active', figures.plans.active),
    balance('plans paused', figures.plans.paused),
    balance('plans missed', figures.plans.missed),
    ...figures.aging.map((a) => balance(`aging ${a.bucket}`, a)),
    balance('follow-ups past', figures.followUps.past),
    balance('follow-ups today', figures.followUps.today),
    {
      label: `${where} promise kept`,
      kind: 'promise',
      kept: figures.promiseKept.kept,
      missed: figures.promiseKept.missed,
      filter: figures.promiseKept.filter,
    },
  ];
}

function mismatches(stored: StoredAccounts, cases: Case[]): string[] {
  return cases.flatMap((c) => {
    const behind = selectByFilter(stored, c.filter);
    const got = c.kind === 'promise' ? [c.kept, c.missed] : [c.count, c.amountCents];
    const want =
      c.kind === 'promise'
        ? [behind.kept, behind.missed]
        : [behind.count, c.kind === 'collected' ? behind.collectedCents : behind.balanceCents];
    return JSON.stringify(got) === JSON.stringify(want)
      ? []
      : [
          `${c.label}: figure ${JSON.stringify(got)}, accounts behind it ${JSON.stringify(want)} (${JSON.stringify(c.filter)})`,
        ];
  });
}

describe('every dashboard figure equals the accounts its filter selects', () => {
  it('for random accounts, read in random zones', async () => {
    const db = t.db();
    await fc.assert(
      fc.asyncProperty(
        fc.array(accountArbitrary, { minLength: 1, maxLength: 10 }),
        fc.constantFrom(...ZONES),
        fc.boolean(),
        async (accounts, zone, swap) => {
          const today = dashboardPeriod({ offsetHours: 0 }).today;
          for (const spec of accounts) {
            const officeId = offices[spec.office]!;
            const id = await insertAccount(db, {
              officeId,
              clientId: clientOf.get(officeId)!,
              status: spec.status,
              collectorId: spec.collector === null ? null : collectors[spec.collector]!,
              originalCents: spec.originalCents,
              followUpDate: spec.followUp === null ? null : plusDays(today, spec.followUp),
              openedAt: new Date(
                Date.parse(`${plusDays(today, -spec.openedDaysAgo)}T00:00:00Z`) + spec.openedHour * 3_600_000,
              ),
            });
            for (const p of spec.payments) {
              const day = plusDays(today, -p.daysAgo);
              await addPayment(db, id, p.cents, day, p.reversed ? { on: plusDays(day, 1) } : undefined);
            }
            if (spec.adjustment !== null) await addAdjustment(db, id, spec.adjustment);
            const planId = !spec.plan
              ? undefined
              : await addPlan(
                  db,
                  id,
                  spec.plan.status,
                  spec.plan.instalments.map((i) => ({ dueDate: plusDays(today, i.due), status: i.status })),
                );
            await changeLater(db, id, planId, spec.later);
          }
          // Now and then the two collectors swap every account in one statement, as a bulk assignment does.
          if (swap) {
            await db.execute(sql`update collection_accounts set collector_id = case collector_id
                when ${collectors[0]!}::uuid then ${collectors[1]!}::uuid else ${collectors[0]!}::uuid end
              where collector_id in (${collectors[0]!}::uuid, ${collectors[1]!}::uuid)`);
          }
          const query = 'offsetHours' in zone ? `?offsetHours=${zone.offsetHours}` : '';
          const body = 'timeZone' in zone ? { timeZone: zone.timeZone } : {};
          const summary = dashboardSummarySchema.parse(
            (await send('POST', `/api/v1/collectionDashboard/widget${query}`, SEEDED.admin, body)).json(),
          );
          const byOffice = dashboardByOfficeSchema.parse(
            (await send('POST', `/api/v1/collectionDashboard/byOffice${query}`, SEEDED.admin, body)).json(),
          );
          const byCollector = dashboardByCollectorSchema.parse(
            (await send('POST', `/api/v1/collectionDashboard/byCollector${query}`, SEEDED.admin, body)).json(),
          );
          const stored = await readStoredAccounts(db);
          const cases = [
            ...everyFigure(summary.figures, 'summary'),
            ...byOffice.rows.flatMap((r) => everyFigure(r.figures, `office ${r.office}`)),
            ...byCollector.rows.flatMap((r) => everyFigure(r.figures, `collector ${r.collector}`)),
          ];
          expect(mismatches(stored, cases)).toEqual([]);
          // The rows partition the summary: no account is counted twice or left out.
          const sum = (rows: { figures: DashboardFigures }[]) => rows.reduce((n, r) => n + r.figures.accounts.count, 0);
          expect(sum(byOffice.rows)).toBe(summary.figures.accounts.count);
          expect(sum(byCollector.rows)).toBe(summary.figures.accounts.count);
        },
      ),
      { numRuns: 40 },
    );
  }, 300_000);
});
