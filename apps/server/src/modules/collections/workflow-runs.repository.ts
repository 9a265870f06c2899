import type { CollectionStatus, TimelineKind } from '@casedesk/contract/collections/account';
import type {
  WorkflowRunStatus,
  WorkflowStepRunStatus,
  WorkflowTrigger,
} from '@casedesk/contract/collections/workflow';
import { and, asc, desc, eq, exists, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/database.ts';
import { clients } from '../clients/clients.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import { collectionAccountEvents, collectionAccounts, collectionTerms } from './collections.tables.ts';
import { paymentPlanInstalments, paymentPlans } from './payment-plans.tables.ts';
import { workflowRuns, workflows, workflowStepRuns, workflowSteps } from './workflow.tables.ts';

const LIVE = ['RUNNING', 'PAUSED'] as const;

/** The active workflows an event starts: the trigger's, and for a status change those of that status or any. */
export async function findStartableWorkflows(db: Db, trigger: WorkflowTrigger, toStatus: CollectionStatus | null) {
  const rows = await db
    .select({ id: workflows.id, name: workflows.name, version: workflows.version })
    .from(workflows)
    .where(
      and(
        eq(workflows.active, true),
        eq(workflows.trigger, trigger),
        trigger === 'STATUS_CHANGED'
          ? or(isNull(workflows.toStatus), toStatus ? eq(workflows.toStatus, toStatus) : sql`false`)
          : undefined,
      ),
    )
    .orderBy(asc(workflows.name))
    // A save of the workflow waits for the runs this event starts, and they for it: a run always takes the
    // steps of its version as they are when it starts, and a save then sees the run (and makes a new version).
    .for('share');
  if (rows.length === 0) return [];
  const steps = await db
    .select()
    .from(workflowSteps)
    .innerJoin(workflows, and(eq(workflows.id, workflowSteps.workflowId), eq(workflows.version, workflowSteps.version)))
    .where(
      inArray(
        workflowSteps.workflowId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(workflowSteps.stepIndex));
  return rows.map((row) => ({
    ...row,
    steps: steps.filter((s) => s.workflow_steps.workflowId === row.id).map((s) => s.workflow_steps),
  }));
}

const openPlan = alias(paymentPlans, 'open_plan');
const pausedPlan = (accountId: AnyPgColumn) =>
  sql`exists (select 1 from ${paymentPlans} where ${paymentPlans.accountId} = ${accountId} and ${paymentPlans.status} = 'PAUSED')`;
const collector = alias(users, 'collector');

/**
 * What a workflow step needs of its account, its office, client, collector, term and open plan; locked when
 * asked, so a payment or a person's change waits for the step (or the step for them) and the step acts on the
 * account as it is.
 */
export async function findAccountForWorkflow(db: Db, accountId: string, lock = false) {
  const nextInstalment = db
    .select({
      due: sql<string>`${paymentPlanInstalments.dueDate}::text || '|' || ${paymentPlanInstalments.amountCents}::text`,
    })
    .from(paymentPlanInstalments)
    .innerJoin(openPlan, eq(openPlan.id, paymentPlanInstalments.planId))
    .where(
      and(
        eq(openPlan.accountId, collectionAccounts.id),
        inArray(openPlan.status, ['ACTIVE', 'PAUSED']),
        eq(paymentPlanInstalments.status, 'DUE'),
      ),
    )
    .orderBy(asc(paymentPlanInstalments.dueDate))
    .limit(1);
  const query = db
    .select({
      id: collectionAccounts.id,
      accountNumber: collectionAccounts.accountNumber,
      status: collectionAccounts.status,
      officeId: collectionAccounts.officeId,
      clientId: collectionAccounts.clientId,
      inquiryId: collectionAccounts.inquiryId,
      collectorId: collectionAccounts.collectorId,
      followUpDate: collectionAccounts.followUpDate,
      balanceCents: sql<number>`(${collectionAccounts.originalCents} + ${collectionAccounts.adjustmentsCents} - ${collectionAccounts.paidCents})::float8`,
      timeZone: offices.timeZone,
      officeSmsNumber: offices.smsNumber,
      // The office placeholders of a template (@officeName, @officeAddress, @officePhone).
      office: {
        name: offices.name,
        phone: offices.phone,
        streetAddress: offices.streetAddress,
        city: offices.city,
        state: offices.state,
        zip: offices.zip,
      },
      firstName: clients.firstName,
      lastName: clients.lastName,
      email: clients.email,
      phone: sql<
        string | null
      >`coalesce(${clients.mobileNumber}, ${clients.primaryNumber}, ${clients.homeNumber}, ${clients.secondaryNumber})`,
      collectorName: collector.displayName,
      collectorEnabled: collector.accountEnabled,
      termIsPaymentPlan: sql<boolean>`coalesce(${collectionTerms.isPaymentPlan}, false)`,
      planPaused: sql<boolean>`${pausedPlan(collectionAccounts.id)}`,
      nextInstalment: sql<string | null>`(${nextInstalment})`,
    })
    .from(collectionAccounts)
    .innerJoin(offices, eq(offices.id, collectionAccounts.officeId))
    .innerJoin(clients, eq(clients.id, collectionAccounts.clientId))
    .leftJoin(collector, eq(collector.id, collectionAccounts.collectorId))
    .leftJoin(collectionTerms, eq(collectionTerms.id, collectionAccounts.termId))
    .where(eq(collectionAccounts.id, accountId));
  const [row] = lock ? await query.for('no key update', { of: collectionAccounts }) : await query;
  if (!row) return undefined;
  const [dueDate, amount] = row.nextInstalment?.split('|') ?? [];
  return {
    ...row,
    nextInstalment: dueDate && amount ? { dueDate, amountCents: Number(amount) } : null,
  };
}
export type WorkflowAccount = NonNullable<Awaited<ReturnType<typeof findAccountForWorkflow>>>;

/** The office an account belongs to, for the caller's scope; undefined for no such account. */
export async function findAccountOffice(db: Db, accountId: string): Promise<{ officeId: string } | undefined> {
  const [row] = await db
    .select({ officeId: collectionAccounts.officeId })
    .from(collectionAccounts)
    .where(eq(collectionAccounts.id, accountId));
  return row;
}

export type NewRun = typeof workflowRuns.$inferInsert;

/** A run, unless this event already started this workflow on the account or a run of it is still live. */
export async function insertRunOnce(db: Db, values: NewRun): Promise<{ id: string } | undefined> {
  const [row] = await db.insert(workflowRuns).values(values).onConflictDoNothing().returning({ id: workflowRuns.id });
  return row;
}

export async function insertStepRuns(db: Db, rows: (typeof workflowStepRuns.$inferInsert)[]) {
  return db
    .insert(workflowStepRuns)
    .values(rows)
    .returning({ id: workflowStepRuns.id, stepIndex: workflowStepRuns.stepIndex, dueAt: workflowStepRuns.dueAt });
}

/**
 * The run of a step, locked: every change to a run (a step, a pause, a stop) takes this lock first, so they
 * happen one after the other, and one that waited sees what the other did.
 */
export async function lockRunOfStep(db: Db, stepRunId: string) {
  const [row] = await db
    .select({
      runId: workflowRuns.id,
      runStatus: workflowRuns.status,
      workflowId: workflowRuns.workflowId,
      version: workflowRuns.version,
      accountId: workflowRuns.accountId,
      workflowName: workflows.name,
      updatedById: workflows.updatedById,
      stepIndex: workflowStepRuns.stepIndex,
      stepStatus: workflowStepRuns.status,
      dueAt: workflowStepRuns.dueAt,
    })
    .from(workflowStepRuns)
    .innerJoin(workflowRuns, eq(workflowRuns.id, workflowStepRuns.runId))
    .innerJoin(workflows, eq(workflows.id, workflowRuns.workflowId))
    .where(eq(workflowStepRuns.id, stepRunId))
    .for('update', { of: workflowRuns });
  return row;
}
export type LockedRun = NonNullable<Awaited<ReturnType<typeof lockRunOfStep>>>;

/** Locks a run by its id (a pause found by the sweeper, a deactivation). */
export async function lockRun(db: Db, runId: string) {
  const [row] = await db
    .select({
      runId: workflowRuns.id,
      runStatus: workflowRuns.status,
      workflowId: workflowRuns.workflowId,
      version: workflowRuns.version,
      accountId: workflowRuns.accountId,
      workflowName: workflows.name,
      updatedById: workflows.updatedById,
    })
    .from(workflowRuns)
    .innerJoin(workflows, eq(workflows.id, workflowRuns.workflowId))
    .where(eq(workflowRuns.id, runId))
    .for('update', { of: workflowRuns });
  return row;
}

/**
 * Claims a due step for this transaction: one statement, true for exactly one claimant. A second worker (a
 * retry, another instance) waits on the row and then finds it no longer PENDING.
 */
export async function claimStepRun(db: Db, stepRunId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(workflowStepRuns)
    .set({ executedAt: now })
    .where(
      and(eq(workflowStepRuns.id, stepRunId), eq(workflowStepRuns.status, 'PENDING'), lte(workflowStepRuns.dueAt, now)),
    )
    .returning({ id: workflowStepRuns.id });
  return rows.length > 0;
}

export async function settleStepRun(
  db: Db,
  stepRunId: string,
  outcome: { status: Exclude<WorkflowStepRunStatus, 'PENDING'>; result: string; executedAt: Date },
) {
  await db.update(workflowStepRuns).set(outcome).where(eq(workflowStepRuns.id, stepRunId));
}

/** Back to waiting, until `dueAt` (the contact rules said not now); a job is queued for that time. */
export async function deferStepRun(db: Db, stepRunId: string, dueAt: Date) {
  await db
    .update(workflowStepRuns)
    .set({ dueAt, queuedAt: dueAt, executedAt: null })
    .where(eq(workflowStepRuns.id, stepRunId));
}

/** Gives the next step its due time, once (a step already scheduled keeps its time). */
export async function scheduleStepRun(db: Db, runId: string, stepIndex: number, dueAt: Date) {
  const [row] = await db
    .update(workflowStepRuns)
    .set({ dueAt, queuedAt: dueAt })
    .where(
      and(
        eq(workflowStepRuns.runId, runId),
        eq(workflowStepRuns.stepIndex, stepIndex),
        eq(workflowStepRuns.status, 'PENDING'),
        isNull(workflowStepRuns.dueAt),
      ),
    )
    .returning({ id: workflowStepRuns.id, dueAt: workflowStepRuns.dueAt });
  return row;
}

/** A new due time for a waiting step (a run resumed); the sweeper queues it. */
export async function rescheduleStepRun(db: Db, stepRunId: string, dueAt: Date) {
  await db
    .update(workflowStepRuns)
    .set({ dueAt, queuedAt: null })
    .where(and(eq(workflowStepRuns.id, stepRunId), eq(workflowStepRuns.status, 'PENDING')));
}

/** The step a live run waits on: its first PENDING one that has a due time. */
export async function findWaitingStep(db: Db, runId: string) {
  const [row] = await db
    .select({ id: workflowStepRuns.id, stepIndex: workflowStepRuns.stepIndex, dueAt: workflowStepRuns.dueAt })
    .from(workflowStepRuns)
    .where(
      and(
        eq(workflowStepRuns.runId, runId),
        eq(workflowStepRuns.status, 'PENDING'),
        sql`${workflowStepRuns.dueAt} is not null`,
      ),
    )
    .orderBy(asc(workflowStepRuns.stepIndex))
    .limit(1);
  return row;
}

/** Ends a live run (DONE or STOPPED); false when it had already ended. */
export async function endRun(
  db: Db,
  runId: string,
  status: Extract<WorkflowRunStatus, 'DONE' | 'STOPPED'>,
  reason: string | null,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(workflowRuns)
    .set({ status, statusReason: reason, finishedAt: at })
    .where(and(eq(workflowRuns.id, runId), inArray(workflowRuns.status, LIVE)))
    .returning({ id: workflowRuns.id });
  return rows.length > 0;
}

/** RUNNING ↔ PAUSED, only from the status given; false when the run was not in it. */
export async function moveRun(
  db: Db,
  runId: string,
  from: 'RUNNING' | 'PAUSED',
  to: 'RUNNING' | 'PAUSED',
  reason: string | null,
): Promise<boolean> {
  const rows = await db
    .update(workflowRuns)
    .set({ status: to, statusReason: reason })
    .where(and(eq(workflowRuns.id, runId), eq(workflowRuns.status, from)))
    .returning({ id: workflowRuns.id });
  return rows.length > 0;
}

/** The steps a stopped run will not take; how many. */
export async function skipWaitingSteps(db: Db, runId: string, reason: string): Promise<number> {
  const rows = await db
    .update(workflowStepRuns)
    .set({ status: 'SKIPPED', result: reason })
    .where(and(eq(workflowStepRuns.runId, runId), eq(workflowStepRuns.status, 'PENDING')))
    .returning({ id: workflowStepRuns.id });
  return rows.length;
}

/** One failed try of a waiting step; the tries so far, or undefined when the step is no longer waiting. */
export async function recordStepFailure(db: Db, stepRunId: string, error: string): Promise<number | undefined> {
  const [row] = await db
    .update(workflowStepRuns)
    .set({ attempts: sql`${workflowStepRuns.attempts} + 1`, lastError: error.slice(0, 500) })
    .where(and(eq(workflowStepRuns.id, stepRunId), eq(workflowStepRuns.status, 'PENDING')))
    .returning({ attempts: workflowStepRuns.attempts });
  return row?.attempts;
}

export interface NewAccountEvent {
  accountId: string;
  kind: TimelineKind;
  title: string;
  detail?: string | null;
  fromStatus?: CollectionStatus | null;
  toStatus?: CollectionStatus | null;
  data?: Record<string, unknown>;
  at: Date;
}

export async function insertAccountEvent(db: Db, event: NewAccountEvent): Promise<{ id: string }> {
  const [row] = await db
    .insert(collectionAccountEvents)
    .values({ byId: null, ...event })
    .returning({ id: collectionAccountEvents.id });
  return row!;
}

export async function updateAccountStatus(db: Db, accountId: string, status: CollectionStatus) {
  await db.update(collectionAccounts).set({ status }).where(eq(collectionAccounts.id, accountId));
}

export async function updateAccountFollowUp(db: Db, accountId: string, followUpDate: string) {
  await db.update(collectionAccounts).set({ followUpDate }).where(eq(collectionAccounts.id, accountId));
}

/** Live runs whose account is now paid or closed, with that status: the sweeper stops them. */
export async function findRunsOfClosedAccounts(db: Db, limit: number) {
  return db
    .select({ runId: workflowRuns.id, accountStatus: collectionAccounts.status })
    .from(workflowRuns)
    .innerJoin(collectionAccounts, eq(collectionAccounts.id, workflowRuns.accountId))
    .where(and(inArray(workflowRuns.status, LIVE), inArray(collectionAccounts.status, ['PAID', 'CLOSED'])))
    .limit(limit);
}

/** Running runs whose account's plan is paused, and paused runs whose account's plan is not. */
export async function findRunsToPauseOrResume(db: Db, limit: number) {
  const paused = pausedPlan(workflowRuns.accountId);
  return db
    .select({ runId: workflowRuns.id, status: workflowRuns.status })
    .from(workflowRuns)
    .where(
      or(and(eq(workflowRuns.status, 'RUNNING'), paused), and(eq(workflowRuns.status, 'PAUSED'), sql`not ${paused}`)),
    )
    .limit(limit);
}

/** Whether the account's open plan is paused (the definition of a paused account for workflows). */
export async function accountPlanPaused(db: Db, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentPlans.id })
    .from(paymentPlans)
    .where(and(eq(paymentPlans.accountId, accountId), eq(paymentPlans.status, 'PAUSED')))
    .limit(1);
  return Boolean(row);
}

/**
 * Takes the due steps of running runs whose job is missing or long overdue, marking them queued now: one
 * statement, so two instances sweeping at once take each step once.
 */
export async function leaseDueSteps(db: Db, now: Date, staleBefore: Date, limit: number) {
  const due = db
    .select({ id: workflowStepRuns.id })
    .from(workflowStepRuns)
    .innerJoin(workflowRuns, eq(workflowRuns.id, workflowStepRuns.runId))
    .where(
      and(
        eq(workflowStepRuns.status, 'PENDING'),
        lte(workflowStepRuns.dueAt, now),
        or(isNull(workflowStepRuns.queuedAt), lte(workflowStepRuns.queuedAt, staleBefore)),
        eq(workflowRuns.status, 'RUNNING'),
      ),
    )
    .orderBy(asc(workflowStepRuns.dueAt))
    .limit(limit);
  return db
    .update(workflowStepRuns)
    .set({ queuedAt: now })
    .where(
      and(
        inArray(workflowStepRuns.id, due),
        eq(workflowStepRuns.status, 'PENDING'),
        or(isNull(workflowStepRuns.queuedAt), lte(workflowStepRuns.queuedAt, staleBefore)),
        exists(
          db
            .select({ one: sql`1` })
            .from(workflowRuns)
            .where(and(eq(workflowRuns.id, workflowStepRuns.runId), eq(workflowRuns.status, 'RUNNING'))),
        ),
      ),
    )
    .returning({ id: workflowStepRuns.id, dueAt: workflowStepRuns.dueAt });
}

/** Marks steps as queued now (their job was just sent). */
export async function markQueued(db: Db, stepRunIds: string[], at: Date) {
  if (stepRunIds.length === 0) return;
  await db.update(workflowStepRuns).set({ queuedAt: at }).where(inArray(workflowStepRuns.id, stepRunIds));
}

/** The live runs of a workflow (a deactivation with its runs stops them). */
export async function findLiveRunIds(db: Db, workflowId: string): Promise<string[]> {
  const rows = await db
    .select({ id: workflowRuns.id })
    .from(workflowRuns)
    .where(and(eq(workflowRuns.workflowId, workflowId), inArray(workflowRuns.status, LIVE)));
  return rows.map((r) => r.id);
}

/** An account's runs, newest first, with their steps as the run's version defines them. */
export async function findRunsOfAccount(db: Db, accountId: string) {
  const runs = await db
    .select({
      id: workflowRuns.id,
      workflowId: workflowRuns.workflowId,
      workflowName: workflows.name,
      version: workflowRuns.version,
      trigger: workflowRuns.trigger,
      status: workflowRuns.status,
      statusReason: workflowRuns.statusReason,
      startedAt: workflowRuns.startedAt,
      finishedAt: workflowRuns.finishedAt,
    })
    .from(workflowRuns)
    .innerJoin(workflows, eq(workflows.id, workflowRuns.workflowId))
    .where(eq(workflowRuns.accountId, accountId))
    .orderBy(desc(workflowRuns.startedAt), desc(workflowRuns.id));
  if (runs.length === 0) return [];
  const steps = await db
    .select({
      runId: workflowStepRuns.runId,
      status: workflowStepRuns.status,
      dueAt: workflowStepRuns.dueAt,
      executedAt: workflowStepRuns.executedAt,
      result: workflowStepRuns.result,
      step: workflowSteps,
    })
    .from(workflowStepRuns)
    .innerJoin(workflowRuns, eq(workflowRuns.id, workflowStepRuns.runId))
    .innerJoin(
      workflowSteps,
      and(
        eq(workflowSteps.workflowId, workflowRuns.workflowId),
        eq(workflowSteps.version, workflowRuns.version),
        eq(workflowSteps.stepIndex, workflowStepRuns.stepIndex),
      ),
    )
    .where(
      inArray(
        workflowStepRuns.runId,
        runs.map((r) => r.id),
      ),
    )
    .orderBy(asc(workflowStepRuns.stepIndex));
  return runs.map((run) => ({ ...run, steps: steps.filter((s) => s.runId === run.id) }));
}
