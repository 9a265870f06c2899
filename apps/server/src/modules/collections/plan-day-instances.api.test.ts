import { addDays } from '@casedesk/contract/collections/payment-plan-rules';
import { and, eq, inArray } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecondInstance } from '../../../test/support/second-instance.ts';
import { startSecondInstance } from '../../../test/support/second-instance.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { users } from '../users/users.tables.ts';
import type { OfficeRow, TestAccount } from './payment-plans.test-support.ts';
import {
  accountNotifications,
  accountRow,
  eventsOf,
  insertAccount,
  instalmentsOf,
  officeNamed,
  planOf,
  textsOf,
  todayAt,
} from './payment-plans.test-support.ts';
import { paymentPlanInstalments } from './payment-plans.tables.ts';
import type { PlanDayCounts } from './plan-day.service.ts';
import { PLAN_DAY_QUEUE, queuePlanDays, runPlanDay } from './plan-day.service.ts';

/**
 * DESIGN §3 Jobs: scheduled work runs once across all instances and every job is safe to run twice. Two app
 * instances (each with its own connection pool and pg-boss) on one PostgreSQL database run the same office day at
 * once, then again (a retry), and both queue the day: one reminder per instalment, one MISSED mark, one status
 * change and one notification each.
 *
 * PostgreSQL only: PGlite is an embedded database that one process opens, so there is no second instance to race
 * (plan-day.api.test.ts runs the same day concurrently on one instance, on both engines).
 */
describe.skipIf(!process.env.DATABASE_URL)('the plan day on two instances against one PostgreSQL database', () => {
  let t: TestApp;
  let second: SecondInstance;
  let office: OfficeRow;
  let accounts: TestAccount[];
  let today: string;
  let day: string;

  const deps = (app: AppInstance) => ({ db: app.db, jobs: app.jobs, realtime: app.realtime });
  const runOn = (app: AppInstance): Promise<PlanDayCounts> =>
    runPlanDay(deps(app), { officeId: office.id, today: day });

  beforeAll(async () => {
    t = await createTestApp();
    second = await startSecondInstance(t);
    office = await officeNamed(t.db(), 'Los Angeles');
    today = todayAt(office);
    // The first instalment (today) is past its two days' grace, the second (day 7) within three days of it.
    day = addDays(today, 4);
    // The office's seeded plans have work of their own that day: done first, so the runs below count this test's.
    await runOn(t.app);
    const [collector] = await t.db().select({ id: users.id }).from(users).where(eq(users.mail, SEEDED.collector));
    accounts = [];
    for (let n = 0; n < 6; n += 1) {
      const account = await insertAccount(t.db(), office.id, { originalCents: 20_000, collectorId: collector!.id });
      // Made through either instance, as users behind a load balancer would.
      const app = n % 2 === 0 ? t.app : second.app;
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/paymentPlan/create',
        headers: await t.authFor(SEEDED.collector),
        payload: {
          accountId: account.id,
          amountCents: 10_000,
          frequency: 'WEEKLY',
          firstDueDate: today,
          instalmentCount: null,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      accounts.push(account);
    }
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('runs at once on both instances and again: one reminder and one miss per instalment', async () => {
    const runs = await Promise.all([runOn(t.app), runOn(second.app), runOn(second.app), runOn(t.app)]);
    const retries = await Promise.all([runOn(second.app), runOn(t.app)]);
    const total = (key: keyof PlanDayCounts) => runs.reduce((sum, r) => sum + r[key], 0);
    expect(total('missed')).toBe(accounts.length);
    expect(total('reminded')).toBe(accounts.length);
    expect(total('notSent')).toBe(0);
    for (const retry of retries) expect(retry).toMatchObject({ missed: 0, reminded: 0, notSent: 0 });

    const reminded: string[] = [];
    for (const account of accounts) {
      const plan = await planOf(t.db(), account.id);
      const [first, secondInstalment] = await instalmentsOf(t.db(), plan.id);
      expect(first).toMatchObject({ status: 'MISSED' });
      expect(secondInstalment!.remindedAt).not.toBeNull();
      const texts = await textsOf(t.db(), account.id);
      expect(texts).toHaveLength(1);
      expect(texts[0]!.body).toContain('$100.00');
      reminded.push(texts[0]!.id);
      expect(await accountNotifications(t.db(), account.id)).toHaveLength(1);
      const events = await eventsOf(t.db(), account.id);
      expect(events.filter((e) => e.title === 'Instalment missed')).toHaveLength(1);
      expect(events.filter((e) => e.kind === 'STATUS' && e.toStatus === 'REVIEW')).toHaveLength(1);
      expect((await accountRow(t.db(), account.id)).status).toBe('REVIEW');
    }
    // This test's audits: the reminders' by their texts, the misses' by their accounts (the seed's plans have some).
    const audited = (action: string, ids: string[]) =>
      t
        .db()
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, action), inArray(auditEvents.entityId, ids)));
    expect(await audited('payment_plan.reminder', reminded)).toHaveLength(accounts.length);
    const missed = accounts.map((a) => a.id);
    expect(await audited('payment_plan.missed', missed)).toHaveLength(accounts.length);
  });

  it('both instances queue the days at once: one job per office and day, whose run finds the work done', async () => {
    const waitForJobs = async (ids: string[]) => {
      for (const id of ids) {
        for (let tries = 0; (await t.app.jobs.getJob(PLAN_DAY_QUEUE, id))?.state !== 'completed'; tries += 1) {
          if (tries > 300) throw new Error(`plan day job ${id} did not complete`);
          await sleep(100);
        }
      }
    };
    const queueAt = async (noon: Date) =>
      (
        await Promise.all([
          queuePlanDays(t.db(), t.app.jobs, noon),
          queuePlanDays(second.app.db, second.app.jobs, noon),
          queuePlanDays(second.app.db, second.app.jobs, new Date(noon.getTime() + 60_000)),
        ])
      ).flat();
    // Noon of the day in the office (six hours or more into it in every seeded zone). The office's run of that
    // day has finished above, so only the six other offices are queued.
    const first = await queueAt(new Date(`${day}T20:00:00Z`));
    expect(first).toHaveLength(6);
    // The next day: every office once, the office's own run included; it finds nothing more to do.
    const next = await queueAt(new Date(`${addDays(day, 1)}T20:00:00Z`));
    expect(next).toHaveLength(7);
    await waitForJobs([...first, ...next]);
    for (const account of accounts) {
      expect(await textsOf(t.db(), account.id)).toHaveLength(1);
      expect(await accountNotifications(t.db(), account.id)).toHaveLength(1);
    }
    const plans = await Promise.all(accounts.map((a) => planOf(t.db(), a.id)));
    const missed = await t
      .db()
      .select()
      .from(paymentPlanInstalments)
      .where(
        and(
          inArray(
            paymentPlanInstalments.planId,
            plans.map((p) => p.id),
          ),
          eq(paymentPlanInstalments.status, 'MISSED'),
        ),
      );
    expect(missed).toHaveLength(accounts.length);
  });
});
