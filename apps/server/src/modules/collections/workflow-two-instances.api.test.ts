import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecondInstance } from '../../../test/support/second-instance.ts';
import { startSecondInstance } from '../../../test/support/second-instance.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { startJobs } from '../../platform/jobs/jobs.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { smsMessages } from '../sms/sms.tables.ts';
import { collectionAccountEvents } from './collections.tables.ts';
import { allowEveryContact, resetWorkflowWiring, setCollectionContactGuard } from './workflow-actions.ts';
import type { WorkflowEngineDeps } from './workflow-engine.service.ts';
import {
  queueWorkflowSteps,
  runWorkflowStep,
  startWorkflows,
  sweepWorkflows,
  WORKFLOW_STEP_QUEUE,
} from './workflow-engine.service.ts';
import type { WorkflowEngineRuntime } from './workflow-jobs.ts';
import { startWorkflowEngine } from './workflow-jobs.ts';
import type { TestAccount, WorkflowRefs } from './workflow.test-support.ts';
import {
  engineOf,
  insertAccount,
  insertWorkflow,
  runsOf,
  stepRunsOf,
  waitFor,
  workflowRefs,
} from './workflow.test-support.ts';
import { workflows } from './workflow.tables.ts';

/*
 * DESIGN §3 Jobs: scheduled work runs once across instances, and every job is safe to run twice. On PostgreSQL
 * the second instance is a whole app with its own pool, pg-boss and workflow worker and sweeper, as a second
 * server behind a load balancer would be. PGlite is one process's embedded database (one data directory, one
 * process), so there the second "instance" is a second pg-boss and workflow engine on the same database in this
 * process: the same races between two workers and two sweepers, without a second connection.
 */
const POSTGRES = Boolean(process.env.DATABASE_URL);

let t: TestApp;
let db: Db;
let refs: WorkflowRefs;
let first: WorkflowEngineDeps & { jobs: Jobs };
let second: WorkflowEngineDeps & { jobs: Jobs };
let close: () => Promise<void>;

beforeAll(async () => {
  // The steps run through the workers on the real clock: the contact rules, judged by the client's hour, are
  // workflow-engine.api.test.ts's subject; here every contact is allowed, whatever the hour the suite runs at.
  setCollectionContactGuard(allowEveryContact);
  t = await createTestApp();
  db = t.db();
  refs = await workflowRefs(db);
  first = { ...engineOf(t.app), jobs: t.app.jobs };
  if (POSTGRES) {
    const instance: SecondInstance = await startSecondInstance(t);
    second = { ...engineOf(instance.app), jobs: instance.app.jobs };
    close = () => instance.close();
  } else {
    const jobs = await startJobs(t.database, { testMode: true });
    second = { db, jobs, realtime: t.app.realtime };
    const engine: WorkflowEngineRuntime = await startWorkflowEngine({ ...second, log: console });
    close = async () => {
      await engine.stop();
      await jobs.stop();
    };
  }
});
afterAll(async () => {
  resetWorkflowWiring();
  await close?.();
  await t?.close();
});

const STEPS = 4;

describe(`two instances on one ${POSTGRES ? 'PostgreSQL' : 'PGlite'} database`, () => {
  it('each step runs once, whichever instance sweeps and works it, and a forced retry changes nothing', async () => {
    const workflow = await insertWorkflow(
      db,
      {
        name: 'Two instances',
        trigger: 'ACCOUNT_OPENED',
        // Every step due at once: the chain runs through both workers as fast as they take it.
        steps: [
          { kind: 'SEND_TEXT', templateId: refs.template('Balance notice') },
          { kind: 'SET_FOLLOW_UP', daysFromNow: 2 },
          { kind: 'SET_STATUS', status: 'REVIEW' },
          { kind: 'NOTIFY_COLLECTOR', message: 'Step four for @clientFirstName' },
        ],
      },
      refs.admin.id,
    );
    await db.update(workflows).set({ active: eq(workflows.id, workflow.id) });
    const accounts: TestAccount[] = [];
    const firstSteps: { id: string; dueAt: Date }[] = [];
    for (let i = 0; i < 6; i++) {
      const account = await insertAccount(db, refs, { firstName: `Twin${i}` });
      const started = await startWorkflows(db, {
        accountId: account.id,
        trigger: 'ACCOUNT_OPENED',
        eventId: randomUUID(),
      });
      expect(started.runIds).toHaveLength(1);
      accounts.push(account);
      firstSteps.push(...started.steps);
    }

    // Before any job exists: three first steps run by both instances at once, as a job delivered twice (or
    // run by two workers) would be. Exactly one of the three tries does each step.
    const raced = await Promise.all(
      firstSteps
        .slice(0, 3)
        .map((step) =>
          Promise.all([
            runWorkflowStep(first, step.id),
            runWorkflowStep(second, step.id),
            runWorkflowStep(first, step.id),
          ]),
        ),
    );
    for (const tries of raced) expect(tries.filter((r) => r !== 'IDLE')).toEqual(['DONE']);
    // A retry of a done step while its run goes on (the next step waiting) does nothing either.
    const again = await Promise.all(
      firstSteps.slice(0, 3).flatMap((step) => [runWorkflowStep(second, step.id), runWorkflowStep(first, step.id)]),
    );
    expect(new Set(again)).toEqual(new Set(['IDLE']));

    // Both instances sweep at the same moment, twice, and both queue every first step themselves too
    // (duplicate jobs): each due step is taken by one sweep only.
    const sweeps = await Promise.all([
      sweepWorkflows(first),
      sweepWorkflows(second),
      sweepWorkflows(first),
      sweepWorkflows(second),
    ]);
    expect(sweeps.reduce((n, s) => n + s.queued, 0)).toBeLessThanOrEqual(accounts.length);
    await Promise.all([queueWorkflowSteps(first, firstSteps), queueWorkflowSteps(second, firstSteps)]);

    // The workers of both instances take the rest: each step queues the next one when it is done.
    await waitFor(async () => {
      const runs = await Promise.all(accounts.map((a) => runsOf(db, a.id)));
      return runs.every((r) => r.length === 1 && r[0]!.status === 'DONE');
    }, 90_000);

    // A forced retry: every step run again on both instances at once, by hand and as pg-boss jobs.
    const stepRuns = (
      await Promise.all(accounts.map(async (a) => stepRunsOf(db, (await runsOf(db, a.id))[0]!.id)))
    ).flat();
    expect(stepRuns).toHaveLength(accounts.length * STEPS);
    const retried = await Promise.all(
      stepRuns.flatMap((s) => [runWorkflowStep(first, s.id), runWorkflowStep(second, s.id)]),
    );
    expect(new Set(retried)).toEqual(new Set(['IDLE']));
    const jobIds = await Promise.all(
      stepRuns.flatMap((s) => [
        first.jobs.send(WORKFLOW_STEP_QUEUE, { stepRunId: s.id }),
        second.jobs.send(WORKFLOW_STEP_QUEUE, { stepRunId: s.id }),
      ]),
    );
    await waitFor(async () => {
      const states = await Promise.all(jobIds.map((id) => first.jobs.getJob(WORKFLOW_STEP_QUEUE, id!)));
      return states.every((job) => job?.state === 'completed');
    }, 90_000);
    expect((await Promise.all([sweepWorkflows(first), sweepWorkflows(second)])).map((s) => s.queued)).toEqual([0, 0]);

    // Each step ran once: one timeline event per step run, and each side effect once per account.
    expect(stepRuns.every((s) => s.status === 'DONE')).toBe(true);
    for (const [index, account] of accounts.entries()) {
      const events = await db
        .select({
          stepRunId: sql<string | null>`${collectionAccountEvents.data}->>'stepRunId'`,
          event: sql<string | null>`${collectionAccountEvents.data}->>'event'`,
        })
        .from(collectionAccountEvents)
        .where(and(eq(collectionAccountEvents.accountId, account.id), eq(collectionAccountEvents.kind, 'WORKFLOW')));
      const perStep = new Map<string, number>();
      for (const e of events) if (e.stepRunId) perStep.set(e.stepRunId, (perStep.get(e.stepRunId) ?? 0) + 1);
      expect([...perStep.values()]).toEqual(Array(STEPS).fill(1));
      expect(
        events
          .filter((e) => e.event)
          .map((e) => e.event)
          .sort(),
      ).toEqual(['FINISHED', 'STARTED']);
      const texts = await db.select().from(smsMessages).where(eq(smsMessages.clientId, account.clientId));
      expect(texts).toHaveLength(1);
      const bell = await db.select().from(notifications).where(eq(notifications.notificationId, account.id));
      expect(bell.map((n) => n.description)).toEqual([`Step four for Twin${index}`]);
      const statusChanges = await db
        .select()
        .from(collectionAccountEvents)
        .where(and(eq(collectionAccountEvents.accountId, account.id), eq(collectionAccountEvents.kind, 'STATUS')));
      expect(statusChanges).toHaveLength(1);
    }
  }, 240_000);
});
