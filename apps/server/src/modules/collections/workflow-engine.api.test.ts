import { randomUUID } from 'node:crypto';
import type { WorkflowCreateInput } from '@casedesk/contract/collections/workflow';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import type { Db } from '../../platform/db/database.ts';
import { mailOutbox } from '../mail/mail.tables.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { smsMessages } from '../sms/sms.tables.ts';
import { collectionAccounts } from './collections.tables.ts';
import { resetWorkflowWiring, setCollectionContactGuard, setWorkflowMailer } from './workflow-actions.ts';
import type { StepRunResult } from './workflow-engine.service.ts';
import { MAX_STEP_ATTEMPTS, runWorkflowStep, startWorkflows, sweepWorkflows } from './workflow-engine.service.ts';
import type { TestAccount, WorkflowRefs } from './workflow.test-support.ts';
import {
  accountEvents,
  engineOf,
  insertAccount,
  insertPlan,
  insertWorkflow,
  runsOf,
  setAccountStatus,
  setPlanStatus,
  stepRunsOf,
  waitingStep,
  workflowRefs,
} from './workflow.test-support.ts';
import { workflows } from './workflow.tables.ts';

/*
 * The engine on a real database, driven step by step on a clock in 2031: every due time is in the future for
 * the app's own sweeper and worker, so only the test runs these steps (the two-instance test runs them through
 * the workers). Los Angeles accounts: Pacific time; daylight saving starts on Sunday 9 March 2031.
 */
let t: TestApp;
let db: Db;
let refs: WorkflowRefs;

beforeAll(async () => {
  t = await createTestApp();
  db = t.db();
  refs = await workflowRefs(db);
});
afterEach(() => resetWorkflowWiring());
afterAll(async () => t?.close());

/** Monday 3 March 2031, 10:00 in Los Angeles. */
const OPENED = new Date('2031-03-03T18:00:00Z');

/** The workflow, and no other, starts on the events of this test. */
async function onlyWorkflow(input: WorkflowCreateInput) {
  const workflow = await insertWorkflow(db, input, refs.admin.id);
  await db.update(workflows).set({ active: eq(workflows.id, workflow.id) });
  return workflow;
}

async function start(account: TestAccount, at = OPENED) {
  return startWorkflows(db, { accountId: account.id, trigger: 'ACCOUNT_OPENED', eventId: randomUUID(), at });
}

/** Runs the step the run waits on, at its due time (or at `at`). */
async function runNext(runId: string, at?: Date): Promise<{ result: StepRunResult; dueAt: string; id: string }> {
  const step = (await waitingStep(db, runId))!;
  const when = at ?? step.dueAt!;
  return {
    result: await runWorkflowStep(
      engineOf(t.app, () => when),
      step.id,
    ),
    dueAt: step.dueAt!.toISOString(),
    id: step.id,
  };
}

const textsTo = (account: TestAccount) =>
  db.select().from(smsMessages).where(eq(smsMessages.clientId, account.clientId));
const notificationsOf = (account: TestAccount) =>
  db.select().from(notifications).where(eq(notifications.notificationId, account.id));
const workflowEvents = async (account: TestAccount) =>
  (await accountEvents(db, account.id)).filter((e) => e.kind === 'WORKFLOW');

describe('a run', () => {
  it('goes through every kind of step at its time in the office zone, each on the timeline once', async () => {
    await onlyWorkflow({
      name: 'Every step',
      trigger: 'ACCOUNT_OPENED',
      steps: [
        { kind: 'SEND_TEXT', templateId: refs.template('Balance notice') },
        { kind: 'SEND_EMAIL', templateId: refs.template('Review request (mail)'), delayDays: 1, atHour: 10 },
        // Tuesday + 4 days is a Saturday: on to Monday, 10:00 in daylight time.
        {
          kind: 'LETTER_FOR_APPROVAL',
          templateId: refs.template('Case update letter'),
          delayDays: 4,
          atHour: 10,
          businessDaysOnly: true,
        },
        { kind: 'SET_STATUS', status: 'REVIEW' },
        { kind: 'SET_FOLLOW_UP', daysFromNow: 3 },
        { kind: 'NOTIFY_COLLECTOR', message: '@clientFirstName has been through the new-account steps.' },
      ],
    });
    const account = await insertAccount(db, refs, { firstName: 'Robin', email: 'robin.debtor@example.com' });
    const started = await start(account);
    expect(started.runIds).toHaveLength(1);
    const runId = started.runIds[0]!;

    const ran = [];
    for (let i = 0; i < 6; i++) ran.push(await runNext(runId));
    expect(ran.map((r) => r.result)).toEqual(['DONE', 'DONE', 'DONE', 'DONE', 'DONE', 'DONE']);
    expect(ran.map((r) => r.dueAt)).toEqual([
      '2031-03-03T18:00:00.000Z',
      '2031-03-04T18:00:00.000Z',
      '2031-03-10T17:00:00.000Z',
      '2031-03-10T17:00:00.000Z',
      '2031-03-10T17:00:00.000Z',
      '2031-03-10T17:00:00.000Z',
    ]);

    const [run] = await runsOf(db, account.id);
    expect(run).toMatchObject({ status: 'DONE', version: 1 });
    const steps = await stepRunsOf(db, runId);
    expect(steps.map((s) => [s.status, s.result])).toEqual([
      ['DONE', `Text “Balance notice” sent to ${formatted(account.phone)} as Casey Collector.`],
      ['DONE', 'E-mail “Review request (mail)” queued to robin.debtor@example.com.'],
      ['DONE', 'Letter “Case update letter” drafted for approval.'],
      ['DONE', 'Status changed from Active to Review.'],
      ['DONE', 'Follow-up date set to 03-13-2031.'],
      ['DONE', 'Casey Collector notified: Robin has been through the new-account steps.'],
    ]);

    // The side effects, once each: the text through the SMS module, the status, the follow-up, the bell.
    const texts = await textsTo(account);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({
      body: 'Hi Robin Debtor, your account balance is $1,250.50. Please call us to set up a plan. Reply STOP to opt out.',
      fromNumber: refs.la.smsNumber,
      toNumber: account.phone,
      operatorId: refs.collector.id,
      collectorId: refs.collector.id,
      direction: 'OUTBOUND',
    });
    const [stored] = await db.select().from(collectionAccounts).where(eq(collectionAccounts.id, account.id));
    expect(stored).toMatchObject({ status: 'REVIEW', followUpDate: '2031-03-13' });
    const bell = await notificationsOf(account);
    expect(bell.map((n) => [n.userId, n.notificationType, n.description])).toEqual([
      [refs.collector.id, 'ACCOUNT', 'Robin has been through the new-account steps.'],
    ]);

    // The timeline: started, one event per step (naming its step run), finished; and the status history.
    const events = await workflowEvents(account);
    expect(
      events.map((e) => (e.data as { event?: string }).event ?? (e.data as { stepRunId: string }).stepRunId),
    ).toEqual(['STARTED', ...steps.map((s) => s.id), 'FINISHED']);
    expect(events[2]).toMatchObject({
      title: expect.stringMatching(
        /^Workflow “Every step [0-9a-f]{8}”, step 2: Send e-mail “Review request \(mail\)”$/,
      ),
      detail: 'E-mail “Review request (mail)” queued to robin.debtor@example.com.',
    });
    // The letter waits for approval in the drafts, written as the collector (who may not approve it), once.
    const drafts = await db.execute(sql`select kind, status, subject, created_by_id, writer_ids from mail_drafts
      where collection_account_id = ${account.id}::uuid`);
    expect((drafts as unknown as { rows: unknown[] }).rows).toEqual([
      {
        kind: 'LETTER',
        status: 'DRAFT',
        subject: 'Case update letter',
        created_by_id: refs.collector.id,
        writer_ids: [refs.collector.id],
      },
    ]);
    // The e-mail is in the mail module's outbox, on the account and its client, once.
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.collectionAccountId, account.id));
    expect(mails.map((m) => [m.toAddresses, m.clientId, m.officeId])).toEqual([
      [['robin.debtor@example.com'], account.clientId, account.officeId],
    ]);
    const statusEvents = (await accountEvents(db, account.id)).filter((e) => e.kind === 'STATUS');
    expect(statusEvents.map((e) => [e.fromStatus, e.toStatus])).toEqual([['ACTIVE', 'REVIEW']]);

    // A retry or a duplicate job of any step finds it taken: nothing more happens.
    for (const step of steps) {
      expect(
        await runWorkflowStep(
          engineOf(t.app, () => new Date('2031-04-01T00:00:00Z')),
          step.id,
        ),
      ).toBe('IDLE');
    }
    expect(await textsTo(account)).toHaveLength(1);
    expect(await notificationsOf(account)).toHaveLength(1);
    expect(await workflowEvents(account)).toHaveLength(8);
  });

  it('stops when the account is paid or closed: the steps left are skipped and nothing more is done', async () => {
    await onlyWorkflow({
      name: 'Stops',
      trigger: 'ACCOUNT_OPENED',
      steps: [
        { kind: 'SEND_TEXT', templateId: refs.template('Balance notice') },
        { kind: 'NOTIFY_COLLECTOR', message: 'Call @clientFirstName', delayDays: 2 },
        { kind: 'SET_STATUS', status: 'ESCALATION', delayDays: 7 },
      ],
    });
    const paid = await insertAccount(db, refs);
    const [runId] = (await start(paid)).runIds;
    expect((await runNext(runId!)).result).toBe('DONE');
    await setAccountStatus(db, paid.id, 'PAID');
    expect((await runNext(runId!)).result).toBe('STOPPED');
    expect(await runsOf(db, paid.id)).toMatchObject([{ status: 'STOPPED', statusReason: 'The account is paid.' }]);
    expect((await stepRunsOf(db, runId!)).map((s) => s.status)).toEqual(['DONE', 'SKIPPED', 'SKIPPED']);
    expect((await workflowEvents(paid)).at(-1)).toMatchObject({
      title: expect.stringMatching(/stopped$/),
      detail: 'The account is paid. 2 steps skipped.',
    });
    expect(await notificationsOf(paid)).toHaveLength(0);

    // The sweeper stops the run of an account closed between steps, without waiting for its next step.
    const closed = await insertAccount(db, refs);
    const [closedRun] = (await start(closed)).runIds;
    await setAccountStatus(db, closed.id, 'CLOSED');
    const engine = engineOf(t.app, () => OPENED);
    expect((await sweepWorkflows(engine)).stopped).toBe(1);
    expect((await sweepWorkflows(engine)).stopped).toBe(0);
    expect(await runsOf(db, closed.id)).toMatchObject([{ status: 'STOPPED', statusReason: 'The account is closed.' }]);
    expect((await stepRunsOf(db, closedRun!)).map((s) => s.status)).toEqual(['SKIPPED', 'SKIPPED', 'SKIPPED']);
    expect(await textsTo(closed)).toHaveLength(0);

    // An event on a paid account starts nothing.
    expect((await start(paid)).runIds).toEqual([]);
  });

  it('pauses while the account’s plan is paused and resumes when it is not, at the step’s hour', async () => {
    await onlyWorkflow({
      name: 'Pauses',
      trigger: 'ACCOUNT_OPENED',
      steps: [
        { kind: 'NOTIFY_COLLECTOR', message: 'First', atHour: 9 },
        { kind: 'NOTIFY_COLLECTOR', message: 'Second', delayDays: 1, atHour: 9 },
      ],
    });
    const account = await insertAccount(db, refs, { termId: refs.paymentPlanTerm });
    const planId = await insertPlan(db, account.id, 'ACTIVE');
    const [runId] = (await start(account, new Date('2031-03-03T16:00:00Z'))).runIds;
    await setPlanStatus(db, planId, 'PAUSED');

    // The step comes due (09:00 Pacific): the run pauses and the step waits.
    expect((await runNext(runId!)).result).toBe('PAUSED');
    expect(await runsOf(db, account.id)).toMatchObject([
      { status: 'PAUSED', statusReason: 'The payment plan is paused.' },
    ]);
    expect((await runNext(runId!)).result).toBe('IDLE');
    const later = engineOf(t.app, () => new Date('2031-03-05T20:00:00Z'));
    expect(await sweepWorkflows(later)).toMatchObject({ resumed: 0, paused: 0 });

    // Resumed on Wednesday at 12:00 Pacific: the 09:00 step waits for Thursday 09:00.
    await setPlanStatus(db, planId, 'ACTIVE');
    expect(await sweepWorkflows(later)).toMatchObject({ resumed: 1 });
    expect(await runsOf(db, account.id)).toMatchObject([{ status: 'RUNNING', statusReason: null }]);
    const { result, dueAt } = await runNext(runId!);
    expect([result, dueAt]).toEqual(['DONE', '2031-03-06T17:00:00.000Z']);
    expect((await workflowEvents(account)).map((e) => (e.data as { event?: string }).event ?? 'STEP')).toEqual([
      'STARTED',
      'PAUSED',
      'RESUMED',
      'STEP',
    ]);

    // The sweeper pauses a running run whose plan is paused, before its step comes.
    await setPlanStatus(db, planId, 'PAUSED');
    expect(await sweepWorkflows(later)).toMatchObject({ paused: 1 });
    expect(await sweepWorkflows(later)).toMatchObject({ paused: 0 });
    expect(await runsOf(db, account.id)).toMatchObject([{ status: 'PAUSED' }]);
  });
});

describe('a text step', () => {
  async function runMissedPaymentText(account: TestAccount) {
    await onlyWorkflow({
      name: 'Missed payment',
      trigger: 'ACCOUNT_OPENED',
      steps: [{ kind: 'SEND_TEXT', templateId: refs.template('Missed payment') }],
    });
    const [runId] = (await start(account)).runIds;
    await runNext(runId!);
    return (await stepRunsOf(db, runId!))[0]!;
  }

  it('is refused when its template needs a value the account does not have, naming it', async () => {
    // SPEC §5: @payment and @dueDate belong to a Payment Plan term.
    const payInFull = await insertAccount(db, refs);
    expect(await runMissedPaymentText(payInFull)).toMatchObject({
      status: 'REFUSED',
      result: 'Term is not Payment Plan',
    });
    const noPlan = await insertAccount(db, refs, { termId: refs.paymentPlanTerm });
    expect(await runMissedPaymentText(noPlan)).toMatchObject({
      status: 'REFUSED',
      result: 'The template needs @payment and @dueDate, which this account does not have.',
    });
    expect(await textsTo(noPlan)).toHaveLength(0);

    const planned = await insertAccount(db, refs, { termId: refs.paymentPlanTerm, firstName: 'Kim' });
    await insertPlan(db, planned.id, 'ACTIVE', '2031-04-01');
    expect(await runMissedPaymentText(planned)).toMatchObject({ status: 'DONE' });
    expect((await textsTo(planned)).map((m) => m.body)).toEqual([
      'Hi Kim, we did not receive your payment of $250.00 due 04-01-2031. Please contact Casey Collector. Reply STOP to opt out.',
    ]);
  });

  it('asks the contact rules first: "not now" waits until the time they give, "no" is recorded', async () => {
    const retryAt = new Date('2031-03-04T17:00:00Z');
    let verdict: { allowed: false; reason: string; retryAt?: Date } = {
      allowed: false,
      reason: 'Outside hours',
      retryAt,
    };
    const asked: string[] = [];
    setCollectionContactGuard({
      check: async (_db, contact) => {
        asked.push(`${contact.channel} ${contact.accountId}`);
        return verdict;
      },
    });
    await onlyWorkflow({
      name: 'Guarded',
      trigger: 'ACCOUNT_OPENED',
      steps: [{ kind: 'SEND_TEXT', templateId: refs.template('Balance notice') }],
    });
    const account = await insertAccount(db, refs);
    const [runId] = (await start(account)).runIds;
    expect((await runNext(runId!)).result).toBe('DEFERRED');
    expect(await waitingStep(db, runId!)).toMatchObject({ status: 'PENDING', dueAt: retryAt });
    verdict = { allowed: false, reason: 'The client asked not to be texted.' };
    expect((await runNext(runId!)).result).toBe('REFUSED');
    expect(asked).toEqual([`TEXT ${account.id}`, `TEXT ${account.id}`]);
    expect((await stepRunsOf(db, runId!))[0]).toMatchObject({
      status: 'REFUSED',
      result: 'The client asked not to be texted.',
    });
    expect((await workflowEvents(account)).map((e) => e.detail)).toEqual([
      expect.any(String),
      'Deferred: Outside hours',
      'Refused: The client asked not to be texted.',
      null,
    ]);
    expect(await textsTo(account)).toHaveLength(0);
  });
});

describe('starting', () => {
  it('one event starts a workflow once, and a live run keeps a second event from starting another', async () => {
    await onlyWorkflow({
      name: 'Once',
      trigger: 'ACCOUNT_OPENED',
      steps: [{ kind: 'NOTIFY_COLLECTOR', message: 'Hello', delayDays: 1 }],
    });
    const account = await insertAccount(db, refs);
    const event = { accountId: account.id, trigger: 'ACCOUNT_OPENED' as const, eventId: randomUUID(), at: OPENED };
    expect((await startWorkflows(db, event)).runIds).toHaveLength(1);
    expect((await startWorkflows(db, event)).runIds).toHaveLength(0);
    expect((await startWorkflows(db, { ...event, eventId: randomUUID() })).runIds).toHaveLength(0);
    expect(await runsOf(db, account.id)).toHaveLength(1);
    // Once the run has ended, the next event starts the workflow again.
    const [runId] = (await runsOf(db, account.id)).map((r) => r.id);
    await runNext(runId!);
    expect((await startWorkflows(db, { ...event, eventId: randomUUID() })).runIds).toHaveLength(1);
  });

  it('a Status changed workflow starts on its status only', async () => {
    await onlyWorkflow({
      name: 'Escalated',
      trigger: 'STATUS_CHANGED',
      toStatus: 'ESCALATION',
      steps: [{ kind: 'NOTIFY_COLLECTOR', message: 'Escalated' }],
    });
    const account = await insertAccount(db, refs);
    const changed = (toStatus: 'REVIEW' | 'ESCALATION') =>
      startWorkflows(db, { accountId: account.id, trigger: 'STATUS_CHANGED', toStatus, eventId: randomUUID() });
    expect((await changed('REVIEW')).runIds).toHaveLength(0);
    expect((await changed('ESCALATION')).runIds).toHaveLength(1);
  });
});

describe('a step that keeps failing', () => {
  it('is tried again by the job, then FAILED after its tries, and the run goes on', async () => {
    setWorkflowMailer({
      send: async () => {
        throw new Error('SMTP connection refused');
      },
    });
    await onlyWorkflow({
      name: 'Failing',
      trigger: 'ACCOUNT_OPENED',
      steps: [
        { kind: 'SEND_EMAIL', templateId: refs.template('Review request (mail)') },
        { kind: 'NOTIFY_COLLECTOR', message: 'After the e-mail' },
      ],
    });
    const account = await insertAccount(db, refs);
    const [runId] = (await start(account)).runIds;
    const first = (await waitingStep(db, runId!))!;
    const engine = engineOf(t.app, () => OPENED);
    for (let attempt = 1; attempt < MAX_STEP_ATTEMPTS; attempt++) {
      await expect(runWorkflowStep(engine, first.id)).rejects.toThrow('SMTP connection refused');
    }
    expect(await runWorkflowStep(engine, first.id)).toBe('FAILED');
    expect(await runWorkflowStep(engine, first.id)).toBe('IDLE');
    const steps = await stepRunsOf(db, runId!);
    expect(steps.map((s) => [s.status, s.attempts])).toEqual([
      ['FAILED', MAX_STEP_ATTEMPTS],
      ['PENDING', 0],
    ]);
    expect(steps[0]!.result).toBe('Failed 5 times; the run goes on with the next step.');
    expect((await runNext(runId!)).result).toBe('DONE');
    expect(
      await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.notificationId, account.id), eq(notifications.description, 'After the e-mail'))),
    ).toHaveLength(1);
  });
});

function formatted(phone: string): string {
  return `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;
}
