import type { PlanFrequency, PlanTerms } from '@casedesk/contract/collections/payment-plan';
import { MAX_INSTALMENTS, nthDueDate, planSchedule } from '@casedesk/contract/collections/payment-plan';
import { addDays, isPastGrace } from '@casedesk/contract/collections/payment-plan-rules';
import { PAYMENT_GRACE_DAYS } from '@casedesk/contract/collections/payment-plan';
import { COLLECTION_STATUS_LABELS } from '@casedesk/contract/collections/account';
import { officeToday } from '@casedesk/contract/common/dates';
import { base, en, en_US, Faker } from '@faker-js/faker';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { actorOf } from '../platform/auth/actor.ts';
import type { Db } from '../platform/db/database.ts';
import { payments } from '../modules/accounting/accounting.tables.ts';
import { collectionAccountEvents, collectionAccounts } from '../modules/collections/collections.tables.ts';
import { heldLiveMessages } from '../modules/collections/held-live-messages.ts';
import {
  paymentPlanInstalments,
  paymentPlans,
  paymentPlanVersions,
} from '../modules/collections/payment-plans.tables.ts';
import { pausePaymentPlan } from '../modules/collections/payment-plan-pause.service.ts';
import { describeTerms } from '../modules/collections/payment-plan-state.ts';
import { markKeptPromises, markMissedInstalments } from '../modules/collections/plan-day.service.ts';
import { offices } from '../modules/offices/offices.tables.ts';
import { users } from '../modules/users/users.tables.ts';
import { findUserDetail, withPermissions } from '../modules/users/users.service.ts';

/*
 * Payment plans for the demo's accounts on a plan, after the collections seed has set their statuses (and the cash
 * flow has paid them). Each plan was made four to ten weeks ago, weekly, every two weeks or monthly; its amount is
 * chosen from the payments the account really has since then, so the instalments past their grace are paid, except
 * on one plan, whose latest one is not. The daily plan job's own steps then settle them as of each office's today
 * (PAID, or MISSED with the account in review and the collector told), and one plan is paused through the pause
 * service. A faker of its own, so the draws of the seeds before it stay as they were.
 */

const DAY_MS = 86_400_000;
/** Instalments in whole five dollars, as a collector would agree them. */
const STEP = 500;
/** A plan longer than this runs for a fixed number of instalments and leaves the rest on the account. */
const FIXED_COUNT = 52;
const FREQUENCIES: PlanFrequency[] = ['WEEKLY', 'BIWEEKLY', 'MONTHLY'];
const PAUSE_REASONS = [
  'Lost their job last week; looking for work.',
  'In hospital; the family asked for a few weeks.',
  'Car repair took this month’s money.',
];

function plansFaker(): Faker {
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(20_261_127);
  return faker;
}

const downTo = (cents: number) => Math.floor(cents / STEP) * STEP;
const upTo = (cents: number) => Math.ceil(cents / STEP) * STEP;

interface PlanAccount {
  id: string;
  officeId: string;
  timeZone: string;
  collectorId: string | null;
  balanceCents: number;
}

/** What the account was paid from `since` on (reversals included): what pays the plan's instalments. */
async function paidSince(db: Db, accountId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${payments.feesCents} + ${payments.costCents}), 0)` })
    .from(payments)
    .where(and(eq(payments.collectionAccountId, accountId), gte(payments.enteredAt, since)));
  return Number(row?.cents ?? 0);
}

async function lastPaymentAt(db: Db, accountId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${payments.enteredAt})` })
    .from(payments)
    .where(and(eq(payments.collectionAccountId, accountId), sql`${payments.feesCents} + ${payments.costCents} > 0`));
  return row?.at ? new Date(row.at) : null;
}

/** How many of the schedule's first due dates are past their grace on `today` (what the plan day judges). */
function pastGrace(terms: Pick<PlanTerms, 'firstDueDate' | 'frequency'>, today: string): number {
  let n = 0;
  while (isPastGrace(nthDueDate(terms.firstDueDate, terms.frequency, n), today)) n += 1;
  return n;
}

/**
 * The instalment amount: a share of the balance, at most what the payments since the plan began cover for the
 * instalments past their grace (so they were kept), or, for the plan with a miss, just too much for the last of them.
 */
function instalmentAmount(share: number, paid: number, past: number, role: 'ON_TRACK' | 'PAUSED' | 'MISS'): number {
  if (role === 'ON_TRACK') return past === 0 ? share : Math.min(share, downTo(paid / past));
  // Paused: the payments just cover the instalments past, so the pause has unpaid ones to excuse.
  if (role === 'PAUSED') return past === 0 ? share : downTo(paid / past);
  if (past === 1) return upTo(paid + 1);
  const amount = downTo(paid / (past - 1));
  return amount * past > paid && amount >= STEP ? amount : Math.floor(paid / (past - 1));
}

export async function seedPaymentPlans(db: Db, now = new Date()): Promise<void> {
  const faker = plansFaker();
  const accounts: PlanAccount[] = await db
    .select({
      id: collectionAccounts.id,
      officeId: collectionAccounts.officeId,
      timeZone: offices.timeZone,
      collectorId: collectionAccounts.collectorId,
      balanceCents: sql<number>`(${collectionAccounts.originalCents} + ${collectionAccounts.adjustmentsCents}
        - ${collectionAccounts.paidCents})::float8`,
    })
    .from(collectionAccounts)
    .innerJoin(offices, eq(offices.id, collectionAccounts.officeId))
    .where(eq(collectionAccounts.status, 'PAYMENT_PLAN'))
    .orderBy(asc(collectionAccounts.accountNumber));
  const [collector] = await db.select().from(users).where(eq(users.role, 'COLLECTOR'));
  if (accounts.length === 0 || !collector) return;
  // One plan gets a missed instalment, another is paused; the rest are on track.
  const [missIndex, pauseIndex] = faker.helpers.shuffle(accounts.map((_, i) => i));
  const planOf = new Map<string, string>();

  for (const [i, account] of accounts.entries()) {
    const miss = i === missIndex;
    const frequency: PlanFrequency = miss ? 'WEEKLY' : faker.helpers.arrayElement(FREQUENCIES);
    const today = officeToday(account.timeZone, now);
    const last = await lastPaymentAt(db, account.id);
    // Made four to ten weeks ago, or before the account's last payment when that was earlier (so it pays the plan).
    let createdAt = new Date(now.getTime() - faker.number.int({ min: 28, max: 70 }) * DAY_MS);
    if (last && last < createdAt) createdAt = new Date(last.getTime() - faker.number.int({ min: 1, max: 5 }) * DAY_MS);
    const madeOn = officeToday(account.timeZone, createdAt);
    let paid = await paidSince(db, account.id, createdAt);
    // The balance when the plan was made: what is owed now and what has been paid since.
    const balance = account.balanceCents + Math.max(paid, 0);
    const share = upTo(balance / faker.number.int({ min: 8, max: 24 }));
    let firstDueDate = addDays(madeOn, faker.number.int({ min: 1, max: 7 }));
    const past = pastGrace({ firstDueDate, frequency }, today);
    let amountCents = instalmentAmount(share, paid, past, miss ? 'MISS' : i === pauseIndex ? 'PAUSED' : 'ON_TRACK');
    if (paid <= 0 || amountCents < STEP) {
      // Nothing paid since: a plan that starts late enough to have missed nothing yet (within its grace), or, for
      // the plan with a miss, exactly one instalment past its grace.
      paid = 0;
      const back = miss
        ? PAYMENT_GRACE_DAYS + 1 + faker.number.int({ min: 0, max: 4 })
        : faker.number.int({ min: 1, max: PAYMENT_GRACE_DAYS });
      firstDueDate = addDays(today, -back);
      amountCents = share;
    }
    const needed = Math.ceil(balance / amountCents);
    let terms: PlanTerms = {
      amountCents,
      frequency,
      firstDueDate,
      instalmentCount: needed <= MAX_INSTALMENTS ? null : FIXED_COUNT,
    };
    let schedule = planSchedule(terms, balance)!;
    // A fixed count the payments already cover would leave a plan paid up: until paid instead.
    if (schedule.reduce((sum, s) => sum + s.amountCents, 0) <= paid) {
      terms = { ...terms, instalmentCount: null };
      schedule = planSchedule(terms, balance) ?? schedule;
    }

    const [plan] = await db
      .insert(paymentPlans)
      .values({ accountId: account.id, createdById: collector.id, createdAt })
      .returning({ id: paymentPlans.id });
    planOf.set(account.id, plan!.id);
    await db
      .insert(paymentPlanVersions)
      .values({ planId: plan!.id, version: 1, ...terms, byId: collector.id, at: createdAt });
    await db.insert(paymentPlanInstalments).values(schedule.map((s) => ({ planId: plan!.id, version: 1, ...s })));
    await db.insert(collectionAccountEvents).values({
      accountId: account.id,
      kind: 'PLAN',
      title: 'Payment plan made',
      detail: describeTerms(terms, schedule.length),
      data: { planId: plan!.id, version: 1 },
      byId: collector.id,
      at: new Date(createdAt.getTime() + 1_000),
    });
    // The account went on its plan when the plan was made, as the plan service writes it.
    await db.insert(collectionAccountEvents).values({
      accountId: account.id,
      kind: 'STATUS',
      fromStatus: 'ACTIVE',
      toStatus: 'PAYMENT_PLAN',
      title: `Status changed to ${COLLECTION_STATUS_LABELS.PAYMENT_PLAN}`,
      detail: 'A payment plan was made.',
      byId: collector.id,
      at: createdAt,
    });
  }

  // Settled as the plan day job settles them this morning: its miss and kept steps (not its reminder texts).
  const live = heldLiveMessages();
  for (const officeId of new Set(accounts.map((a) => a.officeId))) {
    const today = officeToday(accounts.find((a) => a.officeId === officeId)!.timeZone, now);
    await markMissedInstalments({ db, realtime: live.bus }, officeId, today);
    await markKeptPromises(db, officeId, today);
  }

  // Paused a few days back until a few weeks ahead, through the pause service, as the collector would.
  const paused = accounts[pauseIndex ?? -1];
  if (paused) {
    const detail = await findUserDetail(db, collector.id);
    const actor = actorOf(await withPermissions(db, detail!), 'demo seed', 'demo seed');
    const today = officeToday(paused.timeZone, now);
    await pausePaymentPlan(
      db,
      actor,
      {
        planId: planOf.get(paused.id)!,
        resume: false,
        reason: faker.helpers.arrayElement(PAUSE_REASONS),
        pausedFrom: addDays(today, -faker.number.int({ min: 1, max: 5 })),
        resumeOn: addDays(today, faker.number.int({ min: 10, max: 24 })),
      },
      now,
    );
  }
}
