import type { AccessType } from '@casedesk/contract/access/permissions';
import { allowsRecord } from '@casedesk/contract/access/permissions';
import {
  COLLECTION_ACCOUNT_MESSAGES,
  COLLECTION_STATUS_LABELS,
  OPEN_COLLECTION_STATUSES,
} from '@casedesk/contract/collections/account';
import type {
  PaymentPlan,
  PaymentPlanCreate,
  PaymentPlanPreviewResult,
  PlanTerms,
} from '@casedesk/contract/collections/payment-plan';
import { PAYMENT_PLAN_MESSAGES, planSchedule } from '@casedesk/contract/collections/payment-plan';
import { changeSplit } from '@casedesk/contract/collections/payment-plan-rules';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { PlanAccount, PlanRef } from './payment-plan.repository.ts';
import {
  changeAccountStatus,
  deleteInstalments,
  endPause,
  findOpenPause,
  findPaymentPlanTerm,
  findPlanAccount,
  findPlanRef,
  hasOpenPlan,
  insertAccountEvent,
  insertInstalments,
  insertPlan,
  insertVersion,
  setAccountTerm,
  setPlanStatus,
} from './payment-plan.repository.ts';
import { describeTerms, readPlan, readPlansOfAccount, readPlanState } from './payment-plan-state.ts';
import { officeToday } from '@casedesk/contract/common/dates';

/**
 * SPEC §7 paymentPlan create, list (and change, preview): a plan of instalments on a collection account, its
 * terms versioned (docs/collections-payment-plans.md). Access is ALL_ACCOUNTS by the account's office (SPEC §6);
 * an account or plan outside it reads as not found.
 */

const accountNotFound = () => new AppError('NOT_FOUND', COLLECTION_ACCOUNT_MESSAGES.notFound);
const planNotFound = () => new AppError('NOT_FOUND', PAYMENT_PLAN_MESSAGES.notFound);

const mayReach = (actor: Actor, access: AccessType, officeId: string) =>
  allowsRecord(actor.permissions, 'ALL_ACCOUNTS', access, { OFFICE: officeId });

export async function requirePlanAccount(
  db: Db,
  actor: Actor,
  accountId: string,
  access: AccessType,
  lock = false,
): Promise<PlanAccount> {
  const account = await findPlanAccount(db, accountId, lock);
  if (!account || !mayReach(actor, access, account.officeId)) throw accountNotFound();
  return account;
}

export async function requirePlan(
  db: Db,
  actor: Actor,
  planId: string,
  access: AccessType,
  lock = false,
): Promise<PlanRef> {
  const plan = await findPlanRef(db, planId, lock);
  if (!plan || !mayReach(actor, access, plan.officeId)) throw planNotFound();
  return plan;
}

const fieldError = (field: string, message: string) => AppError.validation(message, { [field]: message });

/**
 * The schedule of terms for a balance, or the refusal a form shows: a first due date before the office's today,
 * an instalment above the balance, a plan longer than MAX_INSTALMENTS.
 */
function scheduleFor(terms: PlanTerms, account: PlanAccount, now: Date) {
  if (!OPEN_COLLECTION_STATUSES.includes(account.status)) {
    throw new AppError('BUSINESS_RULE', PAYMENT_PLAN_MESSAGES.closedAccount);
  }
  if (account.balanceCents <= 0) throw new AppError('BUSINESS_RULE', PAYMENT_PLAN_MESSAGES.noBalance);
  if (terms.firstDueDate < officeToday(account.timeZone, now)) {
    throw fieldError('firstDueDate', PAYMENT_PLAN_MESSAGES.firstDuePast);
  }
  if (terms.amountCents > account.balanceCents) throw fieldError('amountCents', PAYMENT_PLAN_MESSAGES.tooLarge);
  const schedule = planSchedule(terms, account.balanceCents);
  if (!schedule) throw fieldError('amountCents', PAYMENT_PLAN_MESSAGES.tooManyInstalments);
  return schedule;
}

const termsOf = (input: PlanTerms): PlanTerms => ({
  amountCents: input.amountCents,
  frequency: input.frequency,
  firstDueDate: input.firstDueDate,
  instalmentCount: input.instalmentCount,
});

/** POST /paymentPlan/preview: the schedule the terms give for the account's balance now; nothing is written. */
export async function previewPaymentPlan(
  db: Db,
  actor: Actor,
  input: PaymentPlanCreate,
  now = new Date(),
): Promise<PaymentPlanPreviewResult> {
  const account = await requirePlanAccount(db, actor, input.accountId, 'READ');
  const instalments = scheduleFor(termsOf(input), account, now);
  const plannedCents = instalments.reduce((sum, i) => sum + i.amountCents, 0);
  return {
    balanceCents: account.balanceCents,
    instalments,
    plannedCents,
    leftCents: account.balanceCents - plannedCents,
  };
}

/** POST /paymentPlan/list: the account's plans, newest first, with versions, pauses and instalments. */
export async function listPaymentPlans(db: Db, actor: Actor, accountId: string): Promise<PaymentPlan[]> {
  await requirePlanAccount(db, actor, accountId, 'READ');
  return readPlansOfAccount(db, accountId);
}

/**
 * POST /paymentPlan/create: version 1 of the terms and its schedule for the account's balance (read under a lock
 * of the account, so the schedule and the balance agree); the account moves to PAYMENT_PLAN (a status event) and,
 * when the firm has a Payment Plan term, to that term (SPEC §5: @payment and @dueDate need it).
 */
export async function createPaymentPlan(
  db: Db,
  actor: Actor,
  input: PaymentPlanCreate,
  now = new Date(),
): Promise<PaymentPlan> {
  const terms = termsOf(input);
  // Checked before the transaction too, so a refused request holds no lock and writes nothing.
  scheduleFor(terms, await requirePlanAccount(db, actor, input.accountId, 'UPDATE'), now);
  let planId: string;
  try {
    planId = await db.transaction(async (tx) => {
      const account = await requirePlanAccount(tx, actor, input.accountId, 'UPDATE', true);
      const schedule = scheduleFor(terms, account, now);
      if (await hasOpenPlan(tx, account.id)) throw AppError.conflict(PAYMENT_PLAN_MESSAGES.alreadyPlanned);
      const id = await insertPlan(tx, account.id, actor.userId);
      await insertVersion(tx, { planId: id, version: 1, ...terms, byId: actor.userId });
      await insertInstalments(
        tx,
        schedule.map((i) => ({ planId: id, version: 1, ...i })),
      );
      if (account.status !== 'PAYMENT_PLAN') {
        await changeAccountStatus(tx, account, 'PAYMENT_PLAN', {
          title: `Status changed to ${COLLECTION_STATUS_LABELS.PAYMENT_PLAN}`,
          detail: 'A payment plan was made.',
          byId: actor.userId,
        });
      }
      const term = await findPaymentPlanTerm(tx);
      if (term && term.id !== account.termId) {
        await setAccountTerm(tx, account.id, term.id);
        await insertAccountEvent(tx, {
          accountId: account.id,
          kind: 'TERM',
          title: `Term set to ${term.name}`,
          detail: 'A payment plan was made.',
          byId: actor.userId,
        });
      }
      await insertAccountEvent(tx, {
        accountId: account.id,
        kind: 'PLAN',
        title: 'Payment plan made',
        detail: describeTerms(terms, schedule.length),
        data: { planId: id, version: 1 },
        byId: actor.userId,
      });
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'payment_plan.create',
        entity: 'payment_plan',
        entityId: id,
        before: { status: account.status, termId: account.termId },
        after: { accountId: account.id, ...terms, instalments: schedule.length, termId: term?.id ?? account.termId },
        ip: actor.ip,
        requestId: actor.requestId,
      });
      return id;
    });
  } catch (error) {
    // Two creates at once: the database keeps one open plan per account (payment_plans_one_open).
    if (isUniqueViolation(error)) throw AppError.conflict(PAYMENT_PLAN_MESSAGES.alreadyPlanned);
    throw error;
  }
  return readPlan(db, planId);
}

/**
 * POST /paymentPlan/change: new terms as a new version from the next unpaid instalment. The instalments paid in
 * full and the missed ones stay; the rest are replaced by the new terms' schedule for the balance now (from their
 * first due date). A paused plan's pause ends with the change: the new terms are what the client can pay now.
 */
export async function changePaymentPlan(
  db: Db,
  actor: Actor,
  input: PlanTerms & { planId: string },
  now = new Date(),
): Promise<PaymentPlan> {
  const terms = termsOf(input);
  const ref = await requirePlan(db, actor, input.planId, 'UPDATE');
  if (ref.status !== 'ACTIVE' && ref.status !== 'PAUSED')
    throw new AppError('BUSINESS_RULE', PAYMENT_PLAN_MESSAGES.notOpen);
  scheduleFor(terms, await requirePlanAccount(db, actor, ref.accountId, 'UPDATE'), now);
  await db.transaction(async (tx) => {
    const account = await requirePlanAccount(tx, actor, ref.accountId, 'UPDATE', true);
    const plan = await requirePlan(tx, actor, input.planId, 'UPDATE', true);
    if (plan.status !== 'ACTIVE' && plan.status !== 'PAUSED') {
      throw new AppError('BUSINESS_RULE', PAYMENT_PLAN_MESSAGES.notOpen);
    }
    const state = await readPlanState(tx, plan.id);
    const current = state.instalments.filter((i) => i.version === state.current.version);
    const split = changeSplit(current.map((i) => ({ ...i, status: i.shown })));
    // Numbered on from every instalment that stays, earlier versions' too.
    const earlier = state.instalments.filter((i) => i.version < state.current.version);
    const nextSeq = Math.max(split.nextSeq, ...earlier.map((i) => i.seq + 1));
    const schedule = scheduleFor(terms, account, now);
    const version = state.current.version + 1;
    await deleteInstalments(
      tx,
      split.replace.map((i) => i.id),
    );
    await insertVersion(tx, { planId: plan.id, version, ...terms, byId: actor.userId });
    await insertInstalments(
      tx,
      schedule.map((i) => ({ ...i, planId: plan.id, version, seq: nextSeq + i.seq - 1 })),
    );
    if (plan.status === 'PAUSED') {
      const pause = await findOpenPause(tx, plan.id);
      if (pause) await endPause(tx, pause.id);
      await setPlanStatus(tx, plan.id, 'ACTIVE');
    }
    await insertAccountEvent(tx, {
      accountId: account.id,
      kind: 'PLAN',
      title: `Payment plan changed (version ${version})`,
      detail: describeTerms(terms, schedule.length),
      data: { planId: plan.id, version, replaced: split.replace.length },
      byId: actor.userId,
    });
    const { amountCents, frequency, firstDueDate, instalmentCount } = state.current;
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'payment_plan.change',
      entity: 'payment_plan',
      entityId: plan.id,
      before: { version: state.current.version, amountCents, frequency, firstDueDate, instalmentCount },
      after: { version, ...terms, replaced: split.replace.length, instalments: schedule.length },
      ip: actor.ip,
      requestId: actor.requestId,
    });
  });
  return readPlan(db, ref.id);
}
