import type { PaymentPlan, PaymentPlanPause } from '@casedesk/contract/collections/payment-plan';
import { PAYMENT_PLAN_MESSAGES } from '@casedesk/contract/collections/payment-plan';
import { pauseStartAllowed, shiftAfterPause } from '@casedesk/contract/collections/payment-plan-rules';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import {
  endPause,
  findOpenPause,
  insertAccountEvent,
  insertPause,
  markInstalments,
  moveInstalment,
  setPlanStatus,
} from './payment-plan.repository.ts';
import { requirePlan, requirePlanAccount } from './payment-plan.service.ts';
import { readPlan, readPlanState } from './payment-plan-state.ts';
import { officeToday } from '@casedesk/contract/common/dates';
import { shownDate } from './plan-dates.ts';

/**
 * SPEC §7 paymentPlan pause, and its resume (`resume: true`; docs/collections-payment-plans.md). A pause starts
 * today or up to seven days back in the office's days (collectors learn of a hardship late); the instalments due
 * from then on are PAUSED, excused rather than missed. Resuming, by hand or on its resume date by the daily job,
 * moves the unpaid ones forward by the plan's periods that fell inside the pause.
 */

const fieldError = (field: string, message: string) => AppError.validation(message, { [field]: message });

export async function pausePaymentPlan(
  db: Db,
  actor: Actor,
  input: PaymentPlanPause,
  now = new Date(),
): Promise<PaymentPlan> {
  const ref = await requirePlan(db, actor, input.planId, 'UPDATE');
  const account = await requirePlanAccount(db, actor, ref.accountId, 'UPDATE');
  const today = officeToday(account.timeZone, now);
  if (input.resume) {
    if (ref.status !== 'PAUSED') throw new AppError('BUSINESS_RULE', PAYMENT_PLAN_MESSAGES.notPaused);
  } else {
    if (ref.status !== 'ACTIVE') throw new AppError('BUSINESS_RULE', PAYMENT_PLAN_MESSAGES.notActive);
    if (!pauseStartAllowed(input.pausedFrom ?? today, today)) {
      throw fieldError('pausedFrom', PAYMENT_PLAN_MESSAGES.pauseFrom);
    }
    if (input.resumeOn !== null && input.resumeOn <= today) {
      throw fieldError('resumeOn', PAYMENT_PLAN_MESSAGES.resumeOnPast);
    }
  }
  await db.transaction(async (tx) => {
    // The account first, then the plan: the order every plan write and the daily job lock them in.
    await requirePlanAccount(tx, actor, ref.accountId, 'UPDATE', true);
    const plan = await requirePlan(tx, actor, input.planId, 'UPDATE', true);
    if (input.resume) {
      if (plan.status !== 'PAUSED') throw new AppError('BUSINESS_RULE', PAYMENT_PLAN_MESSAGES.notPaused);
      const resumed = await resumePlan(tx, plan, today, actor.userId);
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'payment_plan.resume',
        entity: 'payment_plan',
        entityId: plan.id,
        before: { status: 'PAUSED' },
        after: { status: 'ACTIVE', resumeDay: today, moved: resumed?.moved ?? 0 },
        ip: actor.ip,
        requestId: actor.requestId,
      });
      return;
    }
    if (plan.status !== 'ACTIVE') throw new AppError('BUSINESS_RULE', PAYMENT_PLAN_MESSAGES.notActive);
    const pausedFrom = input.pausedFrom ?? today;
    const reason = input.reason!;
    await insertPause(tx, { planId: plan.id, pausedFrom, resumeOn: input.resumeOn, reason, byId: actor.userId });
    await setPlanStatus(tx, plan.id, 'PAUSED');
    const state = await readPlanState(tx, plan.id);
    // Excused: the current terms' unpaid instalments due from the pause on, missed ones of the backdated days too.
    const excused = state.instalments.filter(
      (i) => i.version === state.current.version && i.shown !== 'PAID' && i.dueDate >= pausedFrom,
    );
    await markInstalments(
      tx,
      excused.map((i) => i.id),
      'PAUSED',
    );
    const until = input.resumeOn ? `until ${shownDate(input.resumeOn)}` : 'until resumed';
    await insertAccountEvent(tx, {
      accountId: plan.accountId,
      kind: 'PLAN',
      title: 'Payment plan paused',
      detail: `From ${shownDate(pausedFrom)} ${until}: ${reason}`,
      data: { planId: plan.id, pausedFrom, resumeOn: input.resumeOn, excused: excused.length },
      byId: actor.userId,
    });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'payment_plan.pause',
      entity: 'payment_plan',
      entityId: plan.id,
      before: { status: 'ACTIVE' },
      after: { status: 'PAUSED', pausedFrom, resumeOn: input.resumeOn, reason, excused: excused.length },
      ip: actor.ip,
      requestId: actor.requestId,
    });
  });
  return readPlan(db, ref.id);
}

/**
 * Ends a paused plan's pause on `resumeDay` (today for a hand resume, the pause's resume date for the job): the
 * unpaid instalments of its terms due from the pause's start move forward by whole periods, as many as fell
 * inside the pause (shiftAfterPause), and are DUE again, with a new reminder to come for a new date. Once only:
 * null when the pause had already ended (another instance's run, a second click). Call it with the account and
 * the plan locked.
 */
export async function resumePlan(
  tx: Db,
  plan: { id: string; accountId: string },
  resumeDay: string,
  byId: string | null,
): Promise<{ moved: number } | null> {
  const pause = await findOpenPause(tx, plan.id);
  if (pause && !(await endPause(tx, pause.id))) return null;
  const pausedFrom = pause?.pausedFrom ?? resumeDay;
  const state = await readPlanState(tx, plan.id);
  const waiting = state.instalments.filter(
    (i) => i.version === state.current.version && i.shown !== 'PAID' && i.dueDate >= pausedFrom,
  );
  const dates = shiftAfterPause(
    state.current,
    waiting.map((i) => i.dueDate),
    resumeDay,
  );
  let moved = 0;
  for (const [n, instalment] of waiting.entries()) {
    if (dates[n] !== instalment.dueDate) {
      await moveInstalment(tx, instalment.id, dates[n]!);
      moved += 1;
    }
  }
  await markInstalments(
    tx,
    waiting.filter((i, n) => dates[n] === i.dueDate && i.status === 'PAUSED').map((i) => i.id),
    'DUE',
  );
  await setPlanStatus(tx, plan.id, 'ACTIVE');
  const first = dates[0];
  await insertAccountEvent(tx, {
    accountId: plan.accountId,
    kind: 'PLAN',
    title: 'Payment plan resumed',
    detail:
      moved > 0 && first
        ? `${moved} instalment${moved === 1 ? '' : 's'} moved on; the next is due ${shownDate(first)}.`
        : 'No instalment fell due during the pause.',
    data: { planId: plan.id, resumeDay, moved },
    byId,
  });
  return { moved };
}
