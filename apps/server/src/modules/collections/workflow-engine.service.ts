import type { CollectionStatus } from '@casedesk/contract/collections/account';
import { OPEN_COLLECTION_STATUSES } from '@casedesk/contract/collections/account';
import type { WorkflowStep, WorkflowTrigger } from '@casedesk/contract/collections/workflow';
import {
  describeStepTiming,
  describeWorkflowStep,
  WORKFLOW_TRIGGER_LABELS,
} from '@casedesk/contract/collections/workflow';
import { holidayWindow, stepDueAt } from '@casedesk/contract/collections/workflow-schedule';
import type { Template } from '@casedesk/contract/templates/template';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { Jobs, SendOptions } from '../../platform/jobs/jobs.ts';
import type { RealtimeBus, RealtimeMessage } from '../../platform/realtime/realtime-bus.ts';
import { listHolidays } from '../calendar/holidays.service.ts';
import { listTemplates } from '../templates/templates.service.ts';
import type { StepOutcome } from './workflow-steps.ts';
import { performStep } from './workflow-steps.ts';
import type { LockedRun, WorkflowAccount } from './workflow-runs.repository.ts';
import {
  accountPlanPaused,
  claimStepRun,
  deferStepRun,
  endRun,
  findAccountForWorkflow,
  findLiveRunIds,
  findRunsOfClosedAccounts,
  findRunsToPauseOrResume,
  findStartableWorkflows,
  findWaitingStep,
  insertAccountEvent,
  insertRunOnce,
  insertStepRuns,
  leaseDueSteps,
  lockRun,
  lockRunOfStep,
  markQueued,
  moveRun,
  recordStepFailure,
  rescheduleStepRun,
  scheduleStepRun,
  settleStepRun,
  skipWaitingSteps,
} from './workflow-runs.repository.ts';
import { findStepRows } from './workflow.repository.ts';
import { toWorkflowStep } from './workflow-step-rows.ts';

/** One job per due step; its payload is the step run's id only (decision 2: ids, not data). */
export const WORKFLOW_STEP_QUEUE = 'collections.workflowStep';

declare module '../../platform/jobs/jobs.ts' {
  interface JobQueues {
    'collections.workflowStep': { stepRunId: string };
  }
}

/** Tries of a step that keeps failing (an error, not a refusal) before it is FAILED and the run goes on. */
export const MAX_STEP_ATTEMPTS = 5;
/** A due step whose job has not run this long after it was queued gets another job from the sweeper. */
export const STALE_QUEUE_MS = 5 * 60_000;
const SWEEP_BATCH = 500;

export interface WorkflowEngineDeps {
  db: Db;
  jobs: Pick<Jobs, 'send' | 'sendSoon'>;
  realtime: RealtimeBus;
  /** The engine's clock (tests move it forward to a later step's day). */
  now?: () => Date;
}

export const RUN_MESSAGES = {
  paid: 'The account is paid.',
  closed: 'The account is closed.',
  planPaused: 'The payment plan is paused.',
  deactivated: 'The workflow was deactivated.',
} as const;

const clock = (deps: Pick<WorkflowEngineDeps, 'now'>) => deps.now?.() ?? new Date();

/** An account event that starts workflows; `eventId` is the event's own id (one event starts a workflow once). */
export interface WorkflowEvent {
  accountId: string;
  trigger: WorkflowTrigger;
  eventId: string;
  /** STATUS_CHANGED: the status the account changed to. */
  toStatus?: CollectionStatus;
  /** When it happened (the first step counts from it); now by default. */
  at?: Date;
}

export interface StartedWorkflows {
  runIds: string[];
  /** The first step of each new run and when it is due: hand them to queueWorkflowSteps after the commit. */
  steps: { id: string; dueAt: Date }[];
}

/**
 * Starts the active workflows of an account event: a run per workflow, its steps written with the first one's
 * due time, and a WORKFLOW event on the account's timeline. Call it in the transaction that records the event
 * (the account's creation, its status change, the missed instalment), so the runs exist exactly when the event
 * does; the sweeper queues their first steps within a minute, or queueWorkflowSteps at once after the commit.
 * Twice for one event starts nothing more; nor does an event for a workflow with a live run on the account.
 */
export async function startWorkflows(db: Db, event: WorkflowEvent): Promise<StartedWorkflows> {
  const at = event.at ?? new Date();
  const started: StartedWorkflows = { runIds: [], steps: [] };
  // One transaction (a savepoint of the caller's): the workflows stay locked until their runs are written.
  await db.transaction(async (tx) => {
    const candidates = await findStartableWorkflows(tx, event.trigger, event.toStatus ?? null);
    if (candidates.length === 0) return;
    const account = await findAccountForWorkflow(tx, event.accountId);
    // Runs stop on Paid and Closed: an event on such an account starts nothing.
    if (!account || !OPEN_COLLECTION_STATUSES.includes(account.status)) return;
    for (const workflow of candidates) {
      const steps = workflow.steps.map(toWorkflowStep);
      if (steps.length === 0) continue;
      const run = await insertRunOnce(tx, {
        workflowId: workflow.id,
        version: workflow.version,
        accountId: account.id,
        trigger: event.trigger,
        triggerEventId: event.eventId,
        status: account.planPaused ? 'PAUSED' : 'RUNNING',
        statusReason: account.planPaused ? RUN_MESSAGES.planPaused : null,
        startedAt: at,
      });
      if (!run) continue;
      const dueAt = await dueTime(tx, account, at, steps[0]!);
      const [first] = await insertStepRuns(
        tx,
        steps.map((_, stepIndex) => ({ runId: run.id, stepIndex, dueAt: stepIndex === 0 ? dueAt : null })),
      );
      await insertAccountEvent(tx, {
        accountId: account.id,
        kind: 'WORKFLOW',
        title: `Workflow “${workflow.name}” started`,
        detail:
          `${WORKFLOW_TRIGGER_LABELS[event.trigger]}. First step: ${describeWorkflowStep(steps[0]!)}, ` +
          `${describeStepTiming(steps[0]!).toLowerCase()}.` +
          (account.planPaused ? ` Paused: ${RUN_MESSAGES.planPaused}` : ''),
        data: { runId: run.id, workflowId: workflow.id, version: workflow.version, event: 'STARTED' },
        at,
      });
      started.runIds.push(run.id);
      if (!account.planPaused) started.steps.push({ id: first!.id, dueAt });
    }
  });
  return started;
}

/** Queues a job for each step at its due time. Not inside a transaction (on PGlite it would wait for it). */
export async function queueWorkflowSteps(
  deps: Pick<WorkflowEngineDeps, 'db' | 'jobs' | 'now'>,
  steps: readonly { id: string; dueAt: Date }[],
): Promise<void> {
  const now = clock(deps);
  for (const step of steps) {
    await deps.jobs.send(WORKFLOW_STEP_QUEUE, { stepRunId: step.id }, jobOptions(step, now));
    await markQueued(deps.db, [step.id], step.dueAt > now ? step.dueAt : now);
  }
}

function jobOptions(step: { id: string; dueAt: Date }, now: Date): SendOptions {
  // The singleton key names the step in pg-boss's tables; the step's own claim is what makes it run once.
  return { singletonKey: step.id, ...(step.dueAt > now ? { startAfter: step.dueAt } : {}) };
}

async function holidayTest(db: Db, officeId: string, from: string, to: string): Promise<(date: string) => boolean> {
  const dates = new Set((await listHolidays(db, { startDate: from, endDate: to, officeId })).map((h) => h.date));
  return (date) => dates.has(date);
}

/** When a step is due after `previousAt`, in the account's office: its zone, its holidays and the firm's. */
async function dueTime(db: Db, account: WorkflowAccount, previousAt: Date, step: WorkflowStep): Promise<Date> {
  const [from, to] = holidayWindow(previousAt, step, account.timeZone);
  const isHoliday = step.businessDaysOnly ? await holidayTest(db, account.officeId, from, to) : () => false;
  return stepDueAt(previousAt, step, account.timeZone, isHoliday);
}

type JobSender = Pick<Jobs, 'send' | 'sendSoon'>;

/** Job sends and live messages of a transaction, let go once it has committed (dropped if it rolled back). */
class AfterCommit {
  /** Steps to queue at their due time. */
  readonly steps: { id: string; dueAt: Date }[] = [];
  private readonly sends: ((jobs: JobSender) => Promise<unknown>)[] = [];
  private readonly messages: RealtimeMessage[] = [];

  /**
   * What a step's action sees as the job platform and the live bus: it holds what the action sends until the
   * action has succeeded (`adopt`), so a refused action's savepoint takes its sends with it.
   */
  forAction(): { jobs: JobSender; realtime: RealtimeBus; adopt(into: AfterCommit): void } {
    const local = new AfterCommit();
    return {
      jobs: {
        send: async (queue, data, options) => {
          local.sends.push((jobs) => jobs.send(queue, data, options));
          return null;
        },
        sendSoon: (queue, data, options) => {
          local.sends.push(async (jobs) => jobs.sendSoon(queue, data, options));
        },
      },
      realtime: {
        publish: async (message) => void local.messages.push(message),
        subscribe: () => () => undefined,
        close: async () => undefined,
      },
      adopt: (into) => {
        into.sends.push(...local.sends);
        into.messages.push(...local.messages);
      },
    };
  }

  async flush(deps: Pick<WorkflowEngineDeps, 'db' | 'jobs' | 'realtime' | 'now'>): Promise<void> {
    for (const send of this.sends.splice(0)) await send(deps.jobs);
    for (const message of this.messages.splice(0)) await deps.realtime.publish(message);
    await queueWorkflowSteps(deps, this.steps.splice(0));
  }
}

export type StepRunResult = 'DONE' | 'REFUSED' | 'DEFERRED' | 'FAILED' | 'STOPPED' | 'PAUSED' | 'IDLE' | 'RETRY';

/**
 * The job: takes one due step of a running run, exactly once. In one transaction it locks the run, re-reads
 * the account (paid or closed: the run stops; its plan paused: the run pauses and the step waits), claims the
 * step with a conditional update, runs its action, records the outcome and a WORKFLOW event on the account's
 * timeline, and gives the next step its due time. A retry, a duplicate job or another instance finds the step
 * claimed and does nothing. An action that throws rolls all of it back and the job is tried again, up to
 * MAX_STEP_ATTEMPTS; a refusal (a rule said no) is an outcome, recorded, and the run goes on.
 */
export async function runWorkflowStep(deps: WorkflowEngineDeps, stepRunId: string): Promise<StepRunResult> {
  const now = clock(deps);
  const after = new AfterCommit();
  let result: StepRunResult;
  try {
    result = await deps.db.transaction(async (tx) => {
      const run = await lockRunOfStep(tx, stepRunId);
      if (!run || run.runStatus !== 'RUNNING' || run.stepStatus !== 'PENDING' || !run.dueAt) return 'IDLE';
      if (run.dueAt > now) {
        // Started a little early (the database's clock ahead of ours): come back at the due time.
        after.steps.push({ id: stepRunId, dueAt: run.dueAt });
        return 'IDLE';
      }
      const account = (await findAccountForWorkflow(tx, run.accountId, true))!;
      if (account.status === 'PAID' || account.status === 'CLOSED') {
        await stopRun(tx, run, account.status === 'PAID' ? RUN_MESSAGES.paid : RUN_MESSAGES.closed, now);
        return 'STOPPED';
      }
      if (account.planPaused) {
        await pauseRun(tx, run, now);
        return 'PAUSED';
      }
      if (!(await claimStepRun(tx, stepRunId, now))) return 'IDLE';
      const steps = (await findStepRows(tx, run.workflowId, run.version)).map(toWorkflowStep);
      const step = steps[run.stepIndex]!;
      const templates = 'templateId' in step ? await templatesById(tx) : new Map<string, Template>();
      const outcome = await performInSavepoint(tx, after, {
        account,
        step,
        stepRunId,
        workflowName: run.workflowName,
        workflowEditorId: run.updatedById,
        templates,
        now,
      });
      const templateName = 'templateId' in step ? (templates.get(step.templateId)?.name ?? null) : null;
      if (outcome.status === 'DEFERRED') {
        await deferStepRun(tx, stepRunId, outcome.until);
        await insertAccountEvent(tx, stepEvent(run, step, templateName, stepRunId, outcome, now));
        after.steps.push({ id: stepRunId, dueAt: outcome.until });
        return 'DEFERRED';
      }
      await settleStepRun(tx, stepRunId, { status: outcome.status, result: outcome.result, executedAt: now });
      await insertAccountEvent(tx, stepEvent(run, step, templateName, stepRunId, outcome, now));
      const closedByStep = step.kind === 'SET_STATUS' && step.status === 'CLOSED' && outcome.status === 'DONE';
      if (closedByStep) await stopRun(tx, run, RUN_MESSAGES.closed, now);
      else await advance(tx, after, run, steps, account, now);
      return outcome.status;
    });
  } catch (error) {
    result = await recordFailure(deps, after, stepRunId, error, now);
  }
  await after.flush(deps);
  return result;
}

async function templatesById(db: Db): Promise<Map<string, Template>> {
  return new Map((await listTemplates(db)).map((t) => [t.id, t]));
}

/**
 * The action in a savepoint of the step's transaction: a refusal thrown by another module's service (an
 * AppError: opted out, no permission …) undoes what the action wrote and becomes the step's REFUSED outcome.
 */
async function performInSavepoint(
  tx: Db,
  after: AfterCommit,
  ctx: Omit<Parameters<typeof performStep>[0], 'db' | 'jobs' | 'realtime'>,
): Promise<StepOutcome> {
  const hooks = after.forAction();
  try {
    const outcome = await tx.transaction((db) =>
      performStep({ ...ctx, db, jobs: hooks.jobs, realtime: hooks.realtime }),
    );
    hooks.adopt(after);
    return outcome;
  } catch (error) {
    if (error instanceof AppError && error.code !== 'INTERNAL') return { status: 'REFUSED', result: error.message };
    throw error;
  }
}

const OUTCOME_WORDS = { DONE: 'Done', REFUSED: 'Refused', DEFERRED: 'Deferred', FAILED: 'Failed' } as const;

function stepEvent(
  run: Pick<LockedRun, 'runId' | 'workflowId' | 'version' | 'accountId' | 'workflowName' | 'stepIndex'>,
  step: WorkflowStep,
  templateName: string | null,
  stepRunId: string,
  outcome: StepOutcome | { status: 'FAILED'; result: string },
  at: Date,
) {
  const until = outcome.status === 'DEFERRED' ? { until: outcome.until.toISOString() } : {};
  return {
    accountId: run.accountId,
    kind: 'WORKFLOW' as const,
    title: `Workflow “${run.workflowName}”, step ${run.stepIndex + 1}: ${describeWorkflowStep(step, templateName)}`,
    detail: outcome.status === 'DONE' ? outcome.result : `${OUTCOME_WORDS[outcome.status]}: ${outcome.result}`,
    data: {
      runId: run.runId,
      workflowId: run.workflowId,
      version: run.version,
      stepRunId,
      stepIndex: run.stepIndex,
      kind: step.kind,
      status: outcome.status,
      ...until,
      ...('data' in outcome ? outcome.data : {}),
    },
    at,
  };
}

/** After a step: the next one gets its due time (counted from now), or the run is done. */
async function advance(
  tx: Db,
  after: AfterCommit,
  run: Pick<LockedRun, 'runId' | 'workflowId' | 'version' | 'accountId' | 'workflowName' | 'stepIndex'>,
  steps: WorkflowStep[],
  account: WorkflowAccount,
  now: Date,
): Promise<void> {
  const nextIndex = run.stepIndex + 1;
  const next = steps[nextIndex];
  if (!next) {
    if (await endRun(tx, run.runId, 'DONE', null, now)) {
      await insertAccountEvent(tx, runEvent(run, 'FINISHED', `Workflow “${run.workflowName}” finished`, null, now));
    }
    return;
  }
  const dueAt = await dueTime(tx, account, now, next);
  const scheduled = await scheduleStepRun(tx, run.runId, nextIndex, dueAt);
  if (scheduled) after.steps.push({ id: scheduled.id, dueAt });
}

function runEvent(
  run: Pick<LockedRun, 'runId' | 'workflowId' | 'version' | 'accountId'>,
  event: 'FINISHED' | 'STOPPED' | 'PAUSED' | 'RESUMED',
  title: string,
  detail: string | null,
  at: Date,
) {
  return {
    accountId: run.accountId,
    kind: 'WORKFLOW' as const,
    title,
    detail,
    data: { runId: run.runId, workflowId: run.workflowId, version: run.version, event },
    at,
  };
}

/** Stops a live run; the steps it has not taken are SKIPPED. Once, whoever asks first. */
async function stopRun(
  tx: Db,
  run: Pick<LockedRun, 'runId' | 'workflowId' | 'version' | 'accountId' | 'workflowName'>,
  reason: string,
  now: Date,
): Promise<void> {
  if (!(await endRun(tx, run.runId, 'STOPPED', reason, now))) return;
  const skipped = await skipWaitingSteps(tx, run.runId, reason);
  const rest = skipped === 0 ? '' : ` ${skipped === 1 ? '1 step' : `${skipped} steps`} skipped.`;
  await insertAccountEvent(
    tx,
    runEvent(run, 'STOPPED', `Workflow “${run.workflowName}” stopped`, `${reason}${rest}`, now),
  );
}

async function pauseRun(
  tx: Db,
  run: Pick<LockedRun, 'runId' | 'workflowId' | 'version' | 'accountId' | 'workflowName'>,
  now: Date,
): Promise<void> {
  if (!(await moveRun(tx, run.runId, 'RUNNING', 'PAUSED', RUN_MESSAGES.planPaused))) return;
  await insertAccountEvent(
    tx,
    runEvent(run, 'PAUSED', `Workflow “${run.workflowName}” paused`, RUN_MESSAGES.planPaused, now),
  );
}

/**
 * A step that threw: one more try is counted; pg-boss retries the job while tries are left (rethrown). At the
 * last one the step is FAILED, on the timeline, and the run goes on, so one broken step does not hold the rest.
 */
async function recordFailure(
  deps: WorkflowEngineDeps,
  after: AfterCommit,
  stepRunId: string,
  error: unknown,
  now: Date,
): Promise<StepRunResult> {
  const message = error instanceof Error ? error.message : String(error);
  const gaveUp = await deps.db.transaction(async (tx) => {
    const run = await lockRunOfStep(tx, stepRunId);
    if (!run) return false;
    const attempts = await recordStepFailure(tx, stepRunId, message);
    if (attempts === undefined || attempts < MAX_STEP_ATTEMPTS || run.runStatus !== 'RUNNING') return false;
    const result = `Failed ${attempts} times; the run goes on with the next step.`;
    await settleStepRun(tx, stepRunId, { status: 'FAILED', result, executedAt: now });
    const steps = (await findStepRows(tx, run.workflowId, run.version)).map(toWorkflowStep);
    const step = steps[run.stepIndex]!;
    await insertAccountEvent(tx, stepEvent(run, step, null, stepRunId, { status: 'FAILED', result }, now));
    const account = (await findAccountForWorkflow(tx, run.accountId, true))!;
    await advance(tx, after, run, steps, account, now);
    return true;
  });
  if (gaveUp) return 'FAILED';
  throw error;
}

export interface SweepResult {
  stopped: number;
  paused: number;
  resumed: number;
  queued: number;
}

/**
 * Every minute on every instance: stops the live runs of paid and closed accounts, pauses the runs of accounts
 * whose plan is paused and resumes those whose plan is not, and queues a job for each due step whose job is
 * missing (started inside another transaction) or lost. Each change is a conditional update under the run's
 * lock, so instances sweeping at once make it, and its timeline event, once.
 */
export async function sweepWorkflows(deps: WorkflowEngineDeps): Promise<SweepResult> {
  const now = clock(deps);
  const result: SweepResult = { stopped: 0, paused: 0, resumed: 0, queued: 0 };
  for (const { runId, accountStatus } of await findRunsOfClosedAccounts(deps.db, SWEEP_BATCH)) {
    const reason = accountStatus === 'PAID' ? RUN_MESSAGES.paid : RUN_MESSAGES.closed;
    const stopped = await deps.db.transaction(async (tx) => {
      const run = await lockRun(tx, runId);
      if (!run || (run.runStatus !== 'RUNNING' && run.runStatus !== 'PAUSED')) return false;
      await stopRun(tx, run, reason, now);
      return true;
    });
    if (stopped) result.stopped++;
  }
  for (const { runId } of await findRunsToPauseOrResume(deps.db, SWEEP_BATCH)) {
    const change = await deps.db.transaction((tx) => pauseOrResume(tx, runId, now));
    if (change === 'PAUSED') result.paused++;
    if (change === 'RESUMED') result.resumed++;
  }
  const due = await leaseDueSteps(deps.db, now, new Date(now.getTime() - STALE_QUEUE_MS), SWEEP_BATCH);
  for (const step of due) {
    await deps.jobs.send(
      WORKFLOW_STEP_QUEUE,
      { stepRunId: step.id },
      jobOptions({ id: step.id, dueAt: step.dueAt! }, now),
    );
  }
  result.queued = due.length;
  return result;
}

/**
 * Under the run's lock, with the plan read again: a running run of a paused plan pauses; a paused run whose
 * plan is no longer paused resumes, and its waiting step is due no earlier than now, at its hour and on a
 * business day when it says so (the sweep that follows queues it).
 */
async function pauseOrResume(tx: Db, runId: string, now: Date): Promise<'PAUSED' | 'RESUMED' | null> {
  const run = await lockRun(tx, runId);
  if (!run) return null;
  const paused = await accountPlanPaused(tx, run.accountId);
  if (run.runStatus === 'RUNNING' && paused) {
    await pauseRun(tx, run, now);
    return 'PAUSED';
  }
  if (run.runStatus !== 'PAUSED' || paused) return null;
  if (!(await moveRun(tx, run.runId, 'PAUSED', 'RUNNING', null))) return null;
  const waiting = await findWaitingStep(tx, run.runId);
  let detail: string | null = null;
  if (waiting?.dueAt && waiting.dueAt < now) {
    const steps = (await findStepRows(tx, run.workflowId, run.version)).map(toWorkflowStep);
    const account = (await findAccountForWorkflow(tx, run.accountId))!;
    const step = steps[waiting.stepIndex]!;
    const dueAt = await dueTime(tx, account, now, { ...step, delayDays: 0 });
    await rescheduleStepRun(tx, waiting.id, dueAt);
    detail = `Next: step ${waiting.stepIndex + 1}, ${describeWorkflowStep(step).toLowerCase()}.`;
  }
  await insertAccountEvent(tx, runEvent(run, 'RESUMED', `Workflow “${run.workflowName}” resumed`, detail, now));
  return 'RESUMED';
}

/** Stops a workflow's live runs (its deactivation with its runs), in the caller's transaction. */
export async function stopWorkflowRuns(db: Db, workflowId: string, now = new Date()): Promise<number> {
  let stopped = 0;
  for (const runId of await findLiveRunIds(db, workflowId)) {
    const run = await lockRun(db, runId);
    if (!run || (run.runStatus !== 'RUNNING' && run.runStatus !== 'PAUSED')) continue;
    await stopRun(db, run, RUN_MESSAGES.deactivated, now);
    stopped++;
  }
  return stopped;
}
