import type { PaymentPlan } from '@casedesk/contract/collections/payment-plan';
import { addDays } from '@casedesk/contract/collections/payment-plan-rules';
import { instantOfWallTimeCompatible } from '@casedesk/contract/appointments/zoned-time';
import { formatDateInput } from '@casedesk/contract/common/text';
import { eq } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Injector, TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, injector, SEEDED } from '../../../test/support/test-app.ts';
import type { JobStatus } from '../../platform/jobs/jobs.ts';
import { clients } from '../clients/clients.tables.ts';
import { dropdownOptions } from '../dropdowns/dropdowns.tables.ts';
import { collectionContactAttempts } from './contact-rules.tables.ts';
import { users } from '../users/users.tables.ts';
import type { OfficeRow, TestAccount } from './payment-plans.test-support.ts';
import {
  accountNotifications,
  accountRow,
  eventsOf,
  insertAccount,
  insertPayment,
  instalmentsOf,
  officeNamed,
  optOut,
  planOf,
  textsOf,
  todayAt,
} from './payment-plans.test-support.ts';
import { paymentPlanDayRuns } from './payment-plans.tables.ts';
import type { PlanDayCounts } from './plan-day.service.ts';
import { PLAN_DAY_QUEUE, queuePlanDays, runPlanDay } from './plan-day.service.ts';

/**
 * The daily plan job of one office on one instance, on either engine: reminders N days ahead, misses after the
 * grace with their status change and notification, pauses, completion; each once, however often the day runs.
 * The same against two instances on one PostgreSQL database: plan-day-instances.api.test.ts.
 */

let t: TestApp;
let send: Injector;
let office: OfficeRow;
let collectorId: string;
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  send = injector(t);
  office = await officeNamed(t.db(), 'Los Angeles');
  today = todayAt(office);
  const [collector] = await t.db().select({ id: users.id }).from(users).where(eq(users.mail, SEEDED.collector));
  collectorId = collector!.id;
});
afterAll(async () => t?.close());

const run = (day: string): Promise<PlanDayCounts> =>
  runPlanDay({ db: t.db(), jobs: t.app.jobs, realtime: t.app.realtime }, { officeId: office.id, today: day });

/** The job once sendSoon's batch has inserted it. */
async function waitForJob(queue: 'sms.send', id: string): Promise<JobStatus> {
  for (let tries = 0; tries < 100; tries += 1) {
    const job = await t.app.jobs.getJob(queue, id);
    if (job) return job;
    await sleep(50);
  }
  throw new Error(`job ${id} was never inserted`);
}

async function planOn(account: TestAccount, overrides: Record<string, unknown> = {}): Promise<PaymentPlan> {
  const res = await send('POST', '/api/v1/paymentPlan/create', SEEDED.collector, {
    accountId: account.id,
    amountCents: 10_000,
    frequency: 'WEEKLY',
    firstDueDate: addDays(today, 1),
    instalmentCount: null,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('the plan day of an office', () => {
  it('reminds three days ahead once, and marks a miss after the grace once, with REVIEW and one notification', async () => {
    const account = await insertAccount(t.db(), office.id, { originalCents: 30_000, collectorId });
    const plan = await planOn(account);

    await run(today);
    const [reminder] = await textsOf(t.db(), account.id);
    expect(reminder).toMatchObject({
      direction: 'OUTBOUND',
      toNumber: account.phone,
      fromNumber: office.smsNumber,
      collectorId,
      operatorId: null,
    });
    expect(reminder!.body).toContain('$100.00');
    expect(reminder!.body).toContain(formatDateInput(addDays(today, 1)));
    expect(reminder!.body).toContain('Reply STOP to opt out.');
    const [category] = await t.db().select().from(dropdownOptions).where(eq(dropdownOptions.id, reminder!.categoryId!));
    expect(category!.value).toBe('Payment Plan');

    // Again the same day, and on the days up to the grace's end: no second text, no miss yet.
    await run(today);
    await run(addDays(today, 3));
    expect(await textsOf(t.db(), account.id)).toHaveLength(1);
    expect((await instalmentsOf(t.db(), plan.id))[0]!.missedAt).toBeNull();

    // Due tomorrow, grace of two days: missed on the fourth day.
    await run(addDays(today, 4));
    await run(addDays(today, 4));
    const [first, second] = await instalmentsOf(t.db(), plan.id);
    expect(first).toMatchObject({ status: 'MISSED' });
    expect(first!.missedAt).not.toBeNull();
    expect(second).toMatchObject({ status: 'DUE', missedAt: null, remindedAt: null });
    expect((await accountRow(t.db(), account.id)).status).toBe('REVIEW');
    const events = await eventsOf(t.db(), account.id);
    expect(events.filter((e) => e.kind === 'STATUS').map((e) => [e.fromStatus, e.toStatus])).toEqual([
      ['ACTIVE', 'PAYMENT_PLAN'],
      ['PAYMENT_PLAN', 'REVIEW'],
    ]);
    expect(events.filter((e) => e.title === 'Instalment missed')).toHaveLength(1);
    const notified = await accountNotifications(t.db(), account.id);
    expect(notified).toHaveLength(1);
    expect(notified[0]).toMatchObject({ userId: collectorId, read: false });
    expect(notified[0]!.description).toContain(`Account ${account.accountNumber}`);

    // The second instalment (due on the eighth day) is reminded from the fifth.
    await run(addDays(today, 5));
    await run(addDays(today, 6));
    expect(await textsOf(t.db(), account.id)).toHaveLength(2);
    const listed = (await send('POST', '/api/v1/paymentPlan/list', SEEDED.collector, { accountId: account.id })).json();
    expect(listed[0].instalments.map((i: { status: string }) => i.status)).toEqual(['MISSED', 'DUE', 'DUE']);
  });

  it('a paid instalment is neither reminded nor missed; a part-paid one is reminded for what is left', async () => {
    const paid = await insertAccount(t.db(), office.id, { originalCents: 30_000, collectorId });
    await planOn(paid);
    await insertPayment(t.db(), paid, 10_000, today);
    const part = await insertAccount(t.db(), office.id, { originalCents: 30_000, collectorId });
    await planOn(part);
    await insertPayment(t.db(), part, 2_500, today);
    await run(today);
    await run(addDays(today, 4));
    expect(await textsOf(t.db(), paid.id)).toEqual([]);
    expect((await accountRow(t.db(), paid.id)).status).toBe('PAYMENT_PLAN');
    const [text] = await textsOf(t.db(), part.id);
    expect(text!.body).toContain('$75.00');
    expect((await accountRow(t.db(), part.id)).status).toBe('REVIEW');
  });

  it('settles each promise once its grace has passed: paid in full is stored PAID (kept), else MISSED', async () => {
    const paid = await insertAccount(t.db(), office.id, { originalCents: 30_000, collectorId });
    const paidPlan = await planOn(paid);
    await insertPayment(t.db(), paid, 10_000, today);
    const unpaid = await insertAccount(t.db(), office.id, { originalCents: 30_000, collectorId });
    const unpaidPlan = await planOn(unpaid);
    const statuses = async (planId: string) => (await instalmentsOf(t.db(), planId)).map((i) => i.status);
    // Due tomorrow; its grace ends two days later: still DUE on the last day of grace.
    await run(addDays(today, 3));
    expect(await statuses(paidPlan.id)).toEqual(['DUE', 'DUE', 'DUE']);
    const settling = await run(addDays(today, 4));
    expect(settling.kept).toBeGreaterThanOrEqual(1);
    expect(await statuses(paidPlan.id)).toEqual(['PAID', 'DUE', 'DUE']);
    expect((await instalmentsOf(t.db(), paidPlan.id))[0]!.paidAt).not.toBeNull();
    expect(await statuses(unpaidPlan.id)).toEqual(['MISSED', 'DUE', 'DUE']);
    // Once: a payment entered afterwards does not turn the broken promise into a kept one.
    await insertPayment(t.db(), unpaid, 10_000, today);
    await run(addDays(today, 5));
    expect(await statuses(unpaidPlan.id)).toEqual(['MISSED', 'DUE', 'DUE']);
  });

  it('honours an opt-out: the reminder is claimed, not sent, and the timeline says why, once', async () => {
    const account = await insertAccount(t.db(), office.id, { collectorId });
    await optOut(t.db(), account.phone);
    const plan = await planOn(account);
    await run(today);
    await run(addDays(today, 1));
    expect(await textsOf(t.db(), account.id)).toEqual([]);
    expect((await instalmentsOf(t.db(), plan.id))[0]!.remindedAt).not.toBeNull();
    const refused = (await eventsOf(t.db(), account.id)).filter((e) => e.title === 'Reminder not sent');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.detail).toContain('opted out');
  });

  it('a reminder waits for the client’s hours, and the contact log holds it as allowed, sent by no one', async () => {
    const account = await insertAccount(t.db(), office.id, { collectorId });
    // The client lives in California: their hours are 8:00 to 21:00 Pacific (the seeded rule).
    await t.db().update(clients).set({ state: 'CA' }).where(eq(clients.id, account.clientId));
    await planOn(account);
    // Tomorrow's plan day (its first instalment is due then), at 6:00: 8:00 tomorrow is still ahead of the clock.
    const zone = 'America/Los_Angeles';
    const tomorrow = addDays(today, 1);
    const sixInTheMorning = instantOfWallTimeCompatible(tomorrow, 6 * 60, zone);
    await runPlanDay(
      { db: t.db(), jobs: t.app.jobs, realtime: t.app.realtime, now: () => sixInTheMorning },
      { officeId: office.id, today: tomorrow },
    );
    const eight = instantOfWallTimeCompatible(tomorrow, 8 * 60, zone);
    const [text] = await textsOf(t.db(), account.id);
    expect(text).toMatchObject({ status: 'queued', sendAfter: eight });
    const job = await waitForJob('sms.send', text!.id);
    expect(job).toMatchObject({ state: 'created', startAfter: eight });
    const attempts = await t
      .db()
      .select()
      .from(collectionContactAttempts)
      .where(eq(collectionContactAttempts.accountId, account.id));
    expect(attempts).toMatchObject([{ channel: 'TEXT', allowed: true, at: eight, byId: null, timeZone: zone }]);
  });

  it('a reminder judged within the client’s hours goes at once', async () => {
    const account = await insertAccount(t.db(), office.id, { collectorId });
    await t.db().update(clients).set({ state: 'CA' }).where(eq(clients.id, account.clientId));
    await planOn(account);
    const tenInTheMorning = instantOfWallTimeCompatible(today, 10 * 60, 'America/Los_Angeles');
    await runPlanDay(
      { db: t.db(), jobs: t.app.jobs, realtime: t.app.realtime, now: () => tenInTheMorning },
      { officeId: office.id, today },
    );
    const [text] = await textsOf(t.db(), account.id);
    expect(text!.sendAfter).toBeNull();
    const job = await waitForJob('sms.send', text!.id);
    expect(job.startAfter.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('paused instalments are not missed; on its resume date the plan moves on by the periods paused', async () => {
    const account = await insertAccount(t.db(), office.id, { originalCents: 30_000, collectorId });
    const plan = await planOn(account);
    const paused = await send('POST', '/api/v1/paymentPlan/pause', SEEDED.collector, {
      planId: plan.id,
      reason: 'Hospital stay',
      resumeOn: addDays(today, 10),
    });
    expect(paused.statusCode, paused.body).toBe(200);
    await run(today);
    await run(addDays(today, 6));
    expect(await textsOf(t.db(), account.id)).toEqual([]);
    expect((await instalmentsOf(t.db(), plan.id)).map((i) => i.status)).toEqual(['PAUSED', 'PAUSED', 'PAUSED']);

    // Due on days 1 and 8 inside the pause [0, 10): two weekly periods on.
    await run(addDays(today, 10));
    await run(addDays(today, 10));
    const moved = await instalmentsOf(t.db(), plan.id);
    expect(moved.map((i) => [i.dueDate, i.status])).toEqual([
      [addDays(today, 15), 'DUE'],
      [addDays(today, 22), 'DUE'],
      [addDays(today, 29), 'DUE'],
    ]);
    expect((await planOf(t.db(), account.id)).status).toBe('ACTIVE');
    expect((await eventsOf(t.db(), account.id)).filter((e) => e.title === 'Payment plan resumed')).toHaveLength(1);
    expect((await accountRow(t.db(), account.id)).status).toBe('PAYMENT_PLAN');
    // The moved instalment is reminded for its new date.
    await run(addDays(today, 12));
    const [text] = await textsOf(t.db(), account.id);
    expect(text!.body).toContain(formatDateInput(addDays(today, 15)));
  });

  it('a plan paid up is completed, once', async () => {
    const account = await insertAccount(t.db(), office.id, { originalCents: 20_000, collectorId });
    await planOn(account);
    await insertPayment(t.db(), account, 20_000, today);
    await Promise.all([run(today), run(today)]);
    const plan = await planOf(t.db(), account.id);
    expect(plan.status).toBe('COMPLETED');
    expect((await eventsOf(t.db(), account.id)).filter((e) => e.title === 'Payment plan completed')).toHaveLength(1);
    // Paid before their grace ended, and no longer judged day by day: the promises are kept now.
    expect((await instalmentsOf(t.db(), plan.id)).every((i) => i.status === 'PAID')).toBe(true);
  });

  it('runs at once and a retry on one instance: one reminder and one miss per instalment', async () => {
    const accounts = await Promise.all(
      [1, 2, 3].map(() => insertAccount(t.db(), office.id, { originalCents: 20_000, collectorId })),
    );
    for (const account of accounts) await planOn(account, { firstDueDate: today });
    // The first instalment (today) is past its grace, the second (day 7) within the reminder's three days.
    const day = addDays(today, 4);
    const runs = await Promise.all([run(day), run(day), run(day)]);
    const retry = await run(day);
    expect(retry).toMatchObject({ missed: 0, reminded: 0, notSent: 0, resumed: 0, completed: 0 });
    for (const account of accounts) {
      expect(await textsOf(t.db(), account.id)).toHaveLength(1);
      expect(await accountNotifications(t.db(), account.id)).toHaveLength(1);
    }
    expect(runs.reduce((sum, r) => sum + r.missed, 0)).toBeGreaterThanOrEqual(accounts.length);
    const [row] = await t.db().select().from(paymentPlanDayRuns).where(eq(paymentPlanDayRuns.day, day));
    expect(row!.finishedAt).not.toBeNull();
  });
});

describe('queueing the plan days', () => {
  // A day long before any plan: the jobs queued run on this instance's worker and find nothing to do.
  const noon = new Date('2020-06-15T20:00:00Z');

  it('queues each office whose local hour has come, once, and not again once its run has finished', async () => {
    const ids = await queuePlanDays(t.db(), t.app.jobs, noon);
    expect(ids).toHaveLength(7);
    expect(await queuePlanDays(t.db(), t.app.jobs, new Date('2020-06-15T20:40:00Z'))).toEqual([]);
    for (const id of ids) {
      for (let tries = 0; (await t.app.jobs.getJob(PLAN_DAY_QUEUE, id))?.state !== 'completed'; tries += 1) {
        if (tries > 150) throw new Error(`plan day job ${id} did not complete`);
        await sleep(100);
      }
    }
    // Another hour of the same day (another singleton slot): the finished runs keep it from being queued again.
    expect(await queuePlanDays(t.db(), t.app.jobs, new Date('2020-06-15T23:30:00Z'))).toEqual([]);
  });

  it('waits for the office’s hour: at 10:00 UTC in June only New York’s offices have reached 6:00', async () => {
    const ids = await queuePlanDays(t.db(), t.app.jobs, new Date('2020-06-17T10:00:00Z'));
    expect(ids).toHaveLength(1);
  });
});
