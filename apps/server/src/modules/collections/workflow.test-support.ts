import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CollectionStatus } from '@casedesk/contract/collections/account';
import type { WorkflowCreateInput } from '@casedesk/contract/collections/workflow';
import { workflowCreateSchema } from '@casedesk/contract/collections/workflow';
import type { PlanStatus } from '@casedesk/contract/collections/payment-plan';
import { and, asc, eq, sql } from 'drizzle-orm';
import { SEEDED } from '../../../test/support/test-app.ts';
import type { Db } from '../../platform/db/database.ts';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { clients } from '../clients/clients.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { templates } from '../templates/templates.tables.ts';
import { users } from '../users/users.tables.ts';
import { collectionAccountEvents, collectionAccounts, collectionTerms } from './collections.tables.ts';
import { paymentPlanInstalments, paymentPlans } from './payment-plans.tables.ts';
import type { WorkflowEngineDeps } from './workflow-engine.service.ts';
import { workflowRuns, workflows, workflowStepRuns, workflowSteps } from './workflow.tables.ts';
import { toStepRows } from './workflow-step-rows.ts';

/** Seeded ids the workflow tests use: offices, the collector, templates by name, the terms. */
export async function workflowRefs(db: Db) {
  const officeRows = await db.select().from(offices);
  const office = (name: string) => officeRows.find((o) => o.name === name)!;
  const [collector] = await db.select().from(users).where(eq(users.mail, SEEDED.collector));
  const [admin] = await db.select().from(users).where(eq(users.mail, SEEDED.admin));
  const templateRows = await db.select().from(templates);
  const template = (name: string) => templateRows.find((t) => t.name === name)!.id;
  return {
    la: office('Los Angeles'),
    miami: office('Miami'),
    collector: collector!,
    admin: admin!,
    template,
    paymentPlanTerm: await termId(db, 'Payment Plan', true),
    payInFullTerm: await termId(db, 'Pay in Full', false),
  };
}
export type WorkflowRefs = Awaited<ReturnType<typeof workflowRefs>>;

/** The seeded term, or one made now (the accounts seed is not on this branch's base). */
async function termId(db: Db, name: string, isPaymentPlan: boolean): Promise<string> {
  await db.insert(collectionTerms).values({ name, isPaymentPlan }).onConflictDoNothing();
  const [row] = await db.select({ id: collectionTerms.id }).from(collectionTerms).where(eq(collectionTerms.name, name));
  return row!.id;
}

let nextPhone = 0;
/** A number no seeded client or text uses (555-01xx is reserved for fiction). */
function freshPhone(): string {
  nextPhone += 1;
  return `${String(201 + (process.pid % 700)).padStart(3, '0')}555${String(8000 + nextPhone).slice(-4)}`;
}

export interface TestAccount {
  id: string;
  clientId: string;
  officeId: string;
  phone: string;
}

/** A client of its own (so no seeded opt-out or text gets in the way) and an account on them. */
export async function insertAccount(
  db: Db,
  refs: WorkflowRefs,
  options: {
    officeId?: string;
    status?: CollectionStatus;
    collectorId?: string | null;
    termId?: string | null;
    firstName?: string;
    email?: string;
  } = {},
): Promise<TestAccount> {
  const officeId = options.officeId ?? refs.la.id;
  const phone = freshPhone();
  const [client] = await db
    .insert(clients)
    .values({
      firstName: options.firstName ?? 'Dana',
      lastName: 'Debtor',
      mobileNumber: phone,
      officeId,
      ...(options.email ? { email: options.email } : {}),
    })
    .returning({ id: clients.id });
  const [account] = await db
    .insert(collectionAccounts)
    .values({
      officeId,
      clientId: client!.id,
      status: options.status ?? 'ACTIVE',
      collectorId: options.collectorId === undefined ? refs.collector.id : options.collectorId,
      termId: options.termId ?? refs.payInFullTerm,
      originalCents: 125_050,
    })
    .returning({ id: collectionAccounts.id });
  return { id: account!.id, clientId: client!.id, officeId, phone };
}

/** A plan on the account, with one instalment due. */
export async function insertPlan(db: Db, accountId: string, status: PlanStatus, dueDate = '2030-05-01') {
  const [plan] = await db.insert(paymentPlans).values({ accountId, status }).returning({ id: paymentPlans.id });
  await db
    .insert(paymentPlanInstalments)
    .values({ planId: plan!.id, version: 1, seq: 1, dueDate, amountCents: 25_000, status: 'DUE' });
  return plan!.id;
}

export async function setPlanStatus(db: Db, planId: string, status: PlanStatus) {
  await db.update(paymentPlans).set({ status }).where(eq(paymentPlans.id, planId));
}

export async function setAccountStatus(db: Db, accountId: string, status: CollectionStatus) {
  await db.update(collectionAccounts).set({ status }).where(eq(collectionAccounts.id, accountId));
}

/** A workflow written straight to the tables (as the routes would), for the engine tests. */
export async function insertWorkflow(db: Db, input: WorkflowCreateInput, updatedById: string | null = null) {
  const parsed = workflowCreateSchema.parse({ ...input, name: `${input.name} ${randomUUID().slice(0, 8)}` });
  const [row] = await db
    .insert(workflows)
    .values({
      name: parsed.name,
      trigger: parsed.trigger,
      toStatus: parsed.toStatus,
      active: parsed.active,
      updatedById,
    })
    .returning();
  await db.insert(workflowSteps).values(toStepRows(row!.id, 1, parsed.steps));
  return row!;
}

export async function accountEvents(db: Db, accountId: string) {
  return db
    .select()
    .from(collectionAccountEvents)
    .where(eq(collectionAccountEvents.accountId, accountId))
    .orderBy(
      asc(collectionAccountEvents.at),
      // Events of one instant (a fake clock): a run's start, then its steps in order, then its end.
      asc(sql`case ${collectionAccountEvents.data}->>'event' when 'STARTED' then 0 when 'RESUMED' then 1 else 2 end`),
      asc(sql`coalesce((${collectionAccountEvents.data}->>'stepIndex')::int, 1000)`),
    );
}

export async function runsOf(db: Db, accountId: string) {
  return db.select().from(workflowRuns).where(eq(workflowRuns.accountId, accountId));
}

export async function stepRunsOf(db: Db, runId: string) {
  return db
    .select()
    .from(workflowStepRuns)
    .where(eq(workflowStepRuns.runId, runId))
    .orderBy(asc(workflowStepRuns.stepIndex));
}

/** The step a run waits on now. */
export async function waitingStep(db: Db, runId: string) {
  const [row] = await db
    .select()
    .from(workflowStepRuns)
    .where(and(eq(workflowStepRuns.runId, runId), eq(workflowStepRuns.status, 'PENDING')))
    .orderBy(asc(workflowStepRuns.stepIndex))
    .limit(1);
  return row;
}

/** The engine as the app runs it, on a clock of the test's choosing. */
export function engineOf(app: AppInstance, now?: () => Date): WorkflowEngineDeps {
  return { db: app.db, jobs: app.jobs, realtime: app.realtime, ...(now ? { now } : {}) };
}

export async function waitFor(condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(100);
  }
}
