import { PAYMENT_GRACE_DAYS } from '@casedesk/contract/collections/payment-plan';
import { addDays, isPastGrace } from '@casedesk/contract/collections/payment-plan-rules';
import { officeToday } from '@casedesk/contract/common/dates';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/support/test-app.ts';
import { createTestApp } from '../../test/support/test-app.ts';
import { collectionAccountEvents, collectionAccounts } from '../modules/collections/collections.tables.ts';
import {
  paymentPlanInstalments,
  paymentPlanPauses,
  paymentPlans,
  paymentPlanVersions,
} from '../modules/collections/payment-plans.tables.ts';
import { notifications } from '../modules/notifications/notifications.tables.ts';
import { offices } from '../modules/offices/offices.tables.ts';

/*
 * The demo seed's payment plans (payment-plans.seed.ts), as the test template has them: every account on a plan
 * has one, begun in the past with instalments past and ahead, settled as the plan day job settles them.
 */

let t: TestApp;
let plans: {
  id: string;
  status: string;
  accountId: string;
  accountStatus: string;
  collectorId: string | null;
  today: string;
  firstDueDate: string;
}[];
let instalments: (typeof paymentPlanInstalments.$inferSelect)[];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db();
  // The seed settled the plans as of each office's day when it ran (the pause was recorded then), not the day now:
  // the template may have been made before a midnight.
  const [pause] = await db.select({ at: paymentPlanPauses.at }).from(paymentPlanPauses);
  const seededAt = pause!.at;
  const rows = await db
    .select({
      id: paymentPlans.id,
      status: paymentPlans.status,
      accountId: paymentPlans.accountId,
      accountStatus: collectionAccounts.status,
      collectorId: collectionAccounts.collectorId,
      timeZone: offices.timeZone,
      firstDueDate: paymentPlanVersions.firstDueDate,
    })
    .from(paymentPlans)
    .innerJoin(collectionAccounts, eq(collectionAccounts.id, paymentPlans.accountId))
    .innerJoin(offices, eq(offices.id, collectionAccounts.officeId))
    .innerJoin(paymentPlanVersions, eq(paymentPlanVersions.planId, paymentPlans.id));
  plans = rows.map((r) => ({ ...r, today: officeToday(r.timeZone, seededAt) }));
  instalments = await db.select().from(paymentPlanInstalments);
});
afterAll(async () => t?.close());

const instalmentsOf = (planId: string) => instalments.filter((i) => i.planId === planId).sort((a, b) => a.seq - b.seq);

describe('the demo seed’s payment plans', () => {
  it('gives every account on a plan an active or paused plan, begun in the past, with instalments ahead', async () => {
    const onPlan = await t
      .db()
      .select({ id: collectionAccounts.id })
      .from(collectionAccounts)
      .where(eq(collectionAccounts.status, 'PAYMENT_PLAN'));
    expect(onPlan.length).toBeGreaterThan(0);
    for (const account of onPlan) {
      const plan = plans.find((p) => p.accountId === account.id);
      expect(plan?.status, account.id).toMatch(/^(ACTIVE|PAUSED)$/);
      expect(plan!.firstDueDate < plan!.today).toBe(true);
      expect(instalmentsOf(plan!.id).some((i) => i.dueDate > plan!.today)).toBe(true);
    }
    const made = await t
      .db()
      .select({ accountId: collectionAccountEvents.accountId })
      .from(collectionAccountEvents)
      .where(and(eq(collectionAccountEvents.kind, 'PLAN'), eq(collectionAccountEvents.title, 'Payment plan made')));
    expect(made.map((e) => e.accountId).sort()).toEqual(plans.map((p) => p.accountId).sort());
    expect(new Set(plans.map((p) => p.status))).toEqual(new Set(['ACTIVE', 'PAUSED']));
  });

  it('leaves no instalment past its grace DUE on an active plan, and has a plan with every one of them paid', () => {
    const active = plans.filter((p) => p.status === 'ACTIVE');
    for (const plan of active) {
      const late = instalmentsOf(plan.id).filter((i) => isPastGrace(i.dueDate, plan.today));
      expect(late.filter((i) => i.status === 'DUE')).toEqual([]);
    }
    const current = active.filter((plan) => {
      const late = instalmentsOf(plan.id).filter((i) => isPastGrace(i.dueDate, plan.today));
      return late.length > 0 && late.every((i) => i.status === 'PAID' && i.paidAt !== null);
    });
    expect(current.length).toBeGreaterThan(0);
    expect(current.every((p) => p.accountStatus === 'PAYMENT_PLAN')).toBe(true);
  });

  it('has one paused plan with its pause and its instalments from then on paused', async () => {
    const paused = plans.filter((p) => p.status === 'PAUSED');
    expect(paused).toHaveLength(1);
    const pauses = await t.db().select().from(paymentPlanPauses).where(eq(paymentPlanPauses.planId, paused[0]!.id));
    expect(pauses).toHaveLength(1);
    const [pause] = pauses;
    expect(pause!.reason).not.toBe('');
    expect(pause!.resumedAt).toBeNull();
    expect(pause!.pausedFrom < paused[0]!.today).toBe(true);
    expect(pause!.pausedFrom >= addDays(paused[0]!.today, -7)).toBe(true);
    const excused = instalmentsOf(paused[0]!.id).filter((i) => i.status === 'PAUSED');
    expect(excused.length).toBeGreaterThan(0);
    expect(excused.every((i) => i.dueDate >= pause!.pausedFrom)).toBe(true);
  });

  it('has a missed instalment whose account went to review, with its events and the collector’s notification', async () => {
    const missed = instalments.filter((i) => i.status === 'MISSED');
    expect(missed).toHaveLength(1);
    const plan = plans.find((p) => p.id === missed[0]!.planId)!;
    expect(plan.accountStatus).toBe('REVIEW');
    expect(missed[0]!.missedAt).not.toBeNull();
    expect(missed[0]!.dueDate < addDays(plan.today, -PAYMENT_GRACE_DAYS)).toBe(true);
    const events = await t
      .db()
      .select()
      .from(collectionAccountEvents)
      .where(eq(collectionAccountEvents.accountId, plan.accountId));
    expect(events.filter((e) => e.kind === 'STATUS').map((e) => [e.fromStatus, e.toStatus])).toEqual(
      expect.arrayContaining([
        ['ACTIVE', 'PAYMENT_PLAN'],
        ['PAYMENT_PLAN', 'REVIEW'],
      ]),
    );
    expect(events.filter((e) => e.kind === 'PLAN' && e.title === 'Instalment missed')).toHaveLength(1);
    expect(plan.collectorId).not.toBeNull();
    const notified = await t
      .db()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.notificationType, 'ACCOUNT'),
          eq(notifications.notificationId, plan.accountId),
          inArray(notifications.userId, [plan.collectorId!]),
        ),
      );
    expect(notified.some((n) => n.description.includes('was missed'))).toBe(true);
  });
});
