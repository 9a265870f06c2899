import type { WorkflowCreateInput } from '@casedesk/contract/collections/workflow';
import { addDays } from '@casedesk/contract/collections/payment-plan-rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { clientWithMatter, officeIds, requester, SEEDED } from './collections.test-support.ts';
import type { OfficeRow } from './payment-plans.test-support.ts';
import { insertAccount, officeNamed, todayAt } from './payment-plans.test-support.ts';
import { runPlanDay } from './plan-day.service.ts';
import type { WorkflowRefs } from './workflow.test-support.ts';
import { accountEvents, insertWorkflow, runsOf, workflowRefs } from './workflow.test-support.ts';
import { workflows } from './workflow.tables.ts';

/*
 * The three account events start their workflows where they happen: opening an account (POST
 * /collectionAccount), a person's status change (PATCH), and the plan day's missed instalment. Each test activates
 * only its own workflow, whose one step is due a day later, so the app's own sweeper never runs it here.
 */
let t: TestApp;
let send: ReturnType<typeof requester>;
let refs: WorkflowRefs;
let office: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  send = requester(t);
  refs = await workflowRefs(t.db());
  office = await officeIds(t);
});
afterAll(async () => t?.close());

async function onlyWorkflow(input: Omit<WorkflowCreateInput, 'steps'>) {
  const workflow = await insertWorkflow(
    t.db(),
    { ...input, steps: [{ kind: 'NOTIFY_COLLECTOR', message: 'Started', delayDays: 1 }] },
    refs.admin.id,
  );
  await t
    .db()
    .update(workflows)
    .set({ active: eq(workflows.id, workflow.id) });
  return workflow;
}

async function openAccount(): Promise<string> {
  const client = await clientWithMatter(t, office['Los Angeles']!);
  const res = await send('POST', '/api/v1/collectionAccount', SEEDED.admin, {
    officeId: office['Los Angeles'],
    clientId: client.clientId,
    inquiryId: client.inquiryId,
    originalCents: 250_000,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }).id;
}

const runWorkflowIds = async (accountId: string) => (await runsOf(t.db(), accountId)).map((r) => r.workflowId);

describe('account events start their workflows', () => {
  it('opening an account starts its Account opened workflows, with the start on the timeline', async () => {
    const workflow = await onlyWorkflow({ name: 'Opened', trigger: 'ACCOUNT_OPENED' });
    const accountId = await openAccount();
    expect(await runWorkflowIds(accountId)).toEqual([workflow.id]);
    const started = (await accountEvents(t.db(), accountId)).filter((e) => e.kind === 'WORKFLOW');
    expect(started).toHaveLength(1);
  });

  it('a person’s status change starts the Status changed workflows of that status only', async () => {
    const workflow = await onlyWorkflow({ name: 'Escalated', trigger: 'STATUS_CHANGED', toStatus: 'ESCALATION' });
    const accountId = await openAccount();
    const patch = async (status: string) => {
      const res = await send('PATCH', '/api/v1/collectionAccount', SEEDED.admin, {
        id: accountId,
        status,
        note: 'The client disputes the balance.',
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await patch('REVIEW');
    expect(await runWorkflowIds(accountId)).toEqual([]);
    await patch('ESCALATION');
    expect(await runWorkflowIds(accountId)).toEqual([workflow.id]);
    // A change of something else is no status event.
    const res = await send('PATCH', '/api/v1/collectionAccount', SEEDED.admin, {
      id: accountId,
      followUpDate: '2031-01-07',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await runWorkflowIds(accountId)).toHaveLength(1);
  });

  it('a missed instalment starts the Plan missed workflows once, however often the plan day runs', async () => {
    const workflow = await onlyWorkflow({ name: 'Missed', trigger: 'PLAN_MISSED' });
    const la: OfficeRow = await officeNamed(t.db(), 'Los Angeles');
    const today = todayAt(la);
    const account = await insertAccount(t.db(), la.id, { originalCents: 30_000, collectorId: refs.collector.id });
    const plan = await send('POST', '/api/v1/paymentPlan/create', SEEDED.collector, {
      accountId: account.id,
      amountCents: 10_000,
      frequency: 'WEEKLY',
      firstDueDate: addDays(today, 1),
      instalmentCount: null,
    });
    expect(plan.statusCode, plan.body).toBe(200);
    const run = (day: string) =>
      runPlanDay({ db: t.db(), jobs: t.app.jobs, realtime: t.app.realtime }, { officeId: la.id, today: day });
    await run(addDays(today, 3));
    expect(await runWorkflowIds(account.id)).toEqual([]);
    // Due tomorrow, grace of two days: missed on the fourth day.
    await run(addDays(today, 4));
    await run(addDays(today, 4));
    expect(await runWorkflowIds(account.id)).toEqual([workflow.id]);
  });
});
