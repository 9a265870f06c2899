import { PLAN_DAY_HOUR } from '@casedesk/contract/collections/payment-plan';
import { formatMoney } from '@casedesk/contract/common/money';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { notifyUsers } from '../notifications/notifications.service.ts';
import { findPlanRef, insertAccountEvent } from './payment-plan.repository.ts';
import { resumePlan } from './payment-plan-pause.service.ts';
import type { SettledInstalment } from './plan-day.repository.ts';
import {
  completePlan,
  findAccountsToSettle,
  findOfficeDays,
  findPaidUpPlans,
  findPlansToResume,
  finishDayRun,
  lockAccounts,
  lockReminderAccount,
  moveToReview,
  settleInstalments,
  startDayRun,
} from './plan-day.repository.ts';
import { shownDate } from './plan-dates.ts';
import type { PlanDayDeps } from './plan-day-deps.ts';
import { heldLiveMessages } from './held-live-messages.ts';
import { sendDueReminders } from './plan-reminders.service.ts';
import { startWorkflows } from './workflow-engine.service.ts';

export const PLAN_DAY_QUEUE = 'collections.plan-day';

declare module '../../platform/jobs/jobs.ts' {
  interface JobQueues {
    /** The daily plan work of one office for one of its days (yyyy-MM-dd in its time zone). */
    'collections.plan-day': { officeId: string; day: string };
  }
}

export interface PlanDayCounts {
  resumed: number;
  missed: number;
  /** Instalments paid in full by the end of their grace: the promise kept (stored PAID). */
  kept: number;
  reminded: number;
  /** Reminders claimed but not sent: opted out, no phone, no office number, or the contact rules refused. */
  notSent: number;
  completed: number;
}

/**
 * One office's plan day (docs/collections-payment-plans.md, Jobs), callable from tests and run by the
 * `collections.plan-day` job: pauses whose resume date has come end; unpaid instalments past their grace are
 * MISSED, the account moves to REVIEW (a status event) and its collector is notified; paid ones are PAID (kept);
 * the reminder text goes out for the instalments due within REMINDER_DAYS_BEFORE days, at the first moment the
 * contact rules allow; plans paid up are COMPLETED. Safe to run twice, at
 * once on two instances too: each change is a conditional update that the second run finds done, in the
 * transaction of its events, notifications and texts.
 */
export async function runPlanDay(
  deps: PlanDayDeps,
  { officeId, today }: { officeId: string; today: string },
): Promise<PlanDayCounts> {
  const { db } = deps;
  await startDayRun(db, officeId, today);
  const resumed = await resumeDuePauses(db, officeId, today);
  const missed = await markMissedInstalments(deps, officeId, today);
  const kept = await markKeptPromises(db, officeId, today);
  const reminders = await sendDueReminders(deps, officeId, today);
  const completed = await completePaidUpPlans(db, officeId);
  const counts = { resumed, missed, kept, reminded: reminders.sent, notSent: reminders.notSent, completed };
  await finishDayRun(db, officeId, today, counts);
  return counts;
}

async function resumeDuePauses(db: Db, officeId: string, today: string): Promise<number> {
  let resumed = 0;
  for (const due of await findPlansToResume(db, officeId, today)) {
    const done = await db.transaction(async (tx) => {
      await lockAccounts(tx, [due.accountId]);
      const plan = await findPlanRef(tx, due.planId, true);
      if (plan?.status !== 'PAUSED') return null;
      const resumed = await resumePlan(tx, plan, due.resumeOn, null);
      if (resumed) {
        await recordAudit(tx, {
          action: 'payment_plan.resume',
          entity: 'payment_plan',
          entityId: plan.id,
          before: { status: 'PAUSED' },
          after: { status: 'ACTIVE', resumeDay: due.resumeOn, moved: resumed.moved },
          detail: { by: 'plan day job' },
        });
      }
      return resumed;
    });
    if (done) resumed += 1;
  }
  return resumed;
}

function missedText(
  account: { accountNumber: number; clientFirstName: string; clientLastName: string },
  i: SettledInstalment,
) {
  return (
    `Account ${account.accountNumber} (${account.clientFirstName} ${account.clientLastName}): instalment ${i.seq} ` +
    `of ${formatMoney(i.amountCents)} due ${shownDate(i.dueDate)} was missed.`
  );
}

/**
 * Marks the day's misses in one transaction with their consequences: the accounts are locked first (in id order,
 * as every plan write locks an account before its plan), then the instalments are marked once, and each miss
 * writes its PLAN event and its collector's notification; an account still on its plan moves to REVIEW. The demo
 * seed settles its plans with it too.
 */
export async function markMissedInstalments(
  deps: Pick<PlanDayDeps, 'db' | 'realtime'>,
  officeId: string,
  today: string,
): Promise<number> {
  const live = heldLiveMessages();
  const missed = await deps.db.transaction(async (tx) => {
    const accountIds = await findAccountsToSettle(tx, officeId, today, 'MISSED');
    await lockAccounts(tx, accountIds);
    const marked = await settleInstalments(tx, officeId, today, accountIds, 'MISSED');
    for (const accountId of new Set(marked.map((m) => m.accountId))) {
      const account = (await lockReminderAccount(tx, accountId))!;
      const misses = marked.filter((m) => m.accountId === accountId);
      const toReview = await moveToReview(tx, accountId);
      await recordAudit(tx, {
        action: 'payment_plan.missed',
        entity: 'collection_account',
        entityId: accountId,
        before: { status: account.status },
        after: { status: toReview ? 'REVIEW' : account.status, missed: misses.map((m) => m.id) },
        detail: { by: 'plan day job', day: today },
      });
      if (toReview) {
        await insertAccountEvent(tx, {
          accountId,
          kind: 'STATUS',
          fromStatus: 'PAYMENT_PLAN',
          toStatus: 'REVIEW',
          title: 'Status changed to Review',
          detail: `${misses.length === 1 ? 'An instalment was' : `${misses.length} instalments were`} missed.`,
          byId: null,
        });
      }
      for (const miss of misses) {
        const description = missedText(account, miss);
        await insertAccountEvent(tx, {
          accountId,
          kind: 'PLAN',
          title: 'Instalment missed',
          detail: description,
          data: { instalmentId: miss.id, seq: miss.seq, dueDate: miss.dueDate, amountCents: miss.amountCents },
          byId: null,
        });
        if (account.collectorId) {
          await notifyUsers(tx, live.bus, {
            userIds: [account.collectorId],
            notificationType: 'ACCOUNT',
            notificationId: accountId,
            description,
          });
        }
      }
      // The account's Plan missed workflows start with the miss (once per missed instalment: its id is the event).
      await startWorkflows(tx, { accountId, trigger: 'PLAN_MISSED', eventId: misses[0]!.id });
    }
    return marked.length;
  });
  await live.flush(deps.realtime);
  return missed;
}

/**
 * Settles the day's kept promises: an instalment paid in full when its grace ends is stored PAID, as a missed one
 * is stored MISSED, so the promise-kept figures (dashboard, drill-down, report) count what the job decided, once.
 */
export async function markKeptPromises(db: Db, officeId: string, today: string): Promise<number> {
  return db.transaction(async (tx) => {
    const accountIds = await findAccountsToSettle(tx, officeId, today, 'PAID');
    await lockAccounts(tx, accountIds);
    return (await settleInstalments(tx, officeId, today, accountIds, 'PAID')).length;
  });
}

async function completePaidUpPlans(db: Db, officeId: string): Promise<number> {
  let completed = 0;
  for (const plan of await findPaidUpPlans(db, officeId)) {
    const done = await db.transaction(async (tx) => {
      await lockAccounts(tx, [plan.accountId]);
      if (!(await completePlan(tx, plan.planId))) return false;
      await recordAudit(tx, {
        action: 'payment_plan.complete',
        entity: 'payment_plan',
        entityId: plan.planId,
        before: { status: 'ACTIVE' },
        after: { status: 'COMPLETED' },
        detail: { by: 'plan day job' },
      });
      await insertAccountEvent(tx, {
        accountId: plan.accountId,
        kind: 'PLAN',
        title: 'Payment plan completed',
        detail: 'Every instalment is paid.',
        data: { planId: plan.planId },
        byId: null,
      });
      return true;
    });
    if (done) completed += 1;
  }
  return completed;
}

/**
 * Queues the plan day of every active office whose local hour has reached PLAN_DAY_HOUR and whose day's run has not
 * finished (so a day an instance was down for is caught up when one starts). Once across instances: the job's
 * singleton key names the office and day within an hour's singleton slot, so a second instance's tick, or this
 * one's next, inserts nothing while the run is on its way; a finished run row stops the ticks for the day.
 * Resolves to the ids queued.
 */
export async function queuePlanDays(db: Db, jobs: Pick<Jobs, 'send'>, now = new Date()): Promise<string[]> {
  const queued: string[] = [];
  for (const office of await findOfficeDays(db, now)) {
    if (office.finished || office.hour < PLAN_DAY_HOUR) continue;
    const id = await jobs.send(
      PLAN_DAY_QUEUE,
      { officeId: office.officeId, day: office.day },
      { singletonKey: `${office.officeId}:${office.day}`, singletonSeconds: 3600, retryLimit: 3 },
    );
    if (id) queued.push(id);
  }
  return queued;
}

/** Every instance looks this often whether an office's plan day is due. */
const TICK_MS = 5 * 60_000;

/**
 * Starts the worker of the plan-day queue and, unless `tick` is false (tests drive days themselves), the timer that
 * queues each office's day.
 */
export async function startPlanDays(
  deps: PlanDayDeps & { jobs: Pick<Jobs, 'send' | 'sendSoon' | 'work'>; log: { error(o: object, m: string): void } },
  { tick = true }: { tick?: boolean } = {},
): Promise<{ stop: () => void }> {
  await deps.jobs.work(PLAN_DAY_QUEUE, async (job) => {
    await runPlanDay(deps, { officeId: job.data.officeId, today: job.data.day });
  });
  if (!tick) return { stop: () => undefined };
  const run = () =>
    queuePlanDays(deps.db, deps.jobs).catch((error: unknown) => {
      deps.log.error({ err: error }, 'queueing the payment plan days failed');
      return [];
    });
  await run();
  const timer = setInterval(() => void run(), TICK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
