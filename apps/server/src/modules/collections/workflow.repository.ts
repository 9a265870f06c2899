import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { users } from '../users/users.tables.ts';
import type { NewStepRow, StepRow } from './workflow-step-rows.ts';
import { workflowRuns, workflows, workflowSteps } from './workflow.tables.ts';

export type WorkflowRow = typeof workflows.$inferSelect;
export type NewWorkflowRow = typeof workflows.$inferInsert;

const LIVE = ['RUNNING', 'PAUSED'] as const;

/** Every workflow with its current version's step count, live runs and last editor: active first, by name. */
export async function findWorkflowSummaries(db: Db, id?: string) {
  const stepCount = db
    .select({ n: count() })
    .from(workflowSteps)
    .where(and(eq(workflowSteps.workflowId, workflows.id), eq(workflowSteps.version, workflows.version)));
  const liveRuns = db
    .select({ n: count() })
    .from(workflowRuns)
    .where(and(eq(workflowRuns.workflowId, workflows.id), inArray(workflowRuns.status, LIVE)));
  return db
    .select({
      id: workflows.id,
      name: workflows.name,
      trigger: workflows.trigger,
      toStatus: workflows.toStatus,
      active: workflows.active,
      version: workflows.version,
      stepCount: sql<number>`(${stepCount})::int`,
      liveRuns: sql<number>`(${liveRuns})::int`,
      updatedAt: workflows.updatedAt,
      updatedBy: users.displayName,
    })
    .from(workflows)
    .leftJoin(users, eq(users.id, workflows.updatedById))
    .where(id ? eq(workflows.id, id) : undefined)
    .orderBy(desc(workflows.active), asc(workflows.name));
}
export type WorkflowSummaryRow = Awaited<ReturnType<typeof findWorkflowSummaries>>[number];

/** One workflow, locked for a change when asked (a save and a run starting serialize on it). */
export async function findWorkflowRow(db: Db, id: string, lock = false): Promise<WorkflowRow | undefined> {
  const query = db.select().from(workflows).where(eq(workflows.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findStepRows(db: Db, workflowId: string, version: number): Promise<StepRow[]> {
  return db
    .select()
    .from(workflowSteps)
    .where(and(eq(workflowSteps.workflowId, workflowId), eq(workflowSteps.version, version)))
    .orderBy(asc(workflowSteps.stepIndex));
}

export async function insertWorkflowRow(db: Db, values: NewWorkflowRow): Promise<WorkflowRow> {
  const [row] = await db.insert(workflows).values(values).returning();
  return row!;
}

export async function updateWorkflowRow(
  db: Db,
  id: string,
  values: Partial<Omit<NewWorkflowRow, 'id' | 'createdAt' | 'createdById'>>,
): Promise<WorkflowRow> {
  const [row] = await db
    .update(workflows)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(workflows.id, id))
    .returning();
  return row!;
}

/** Whether any run has started with this version's steps (which then never change). */
export async function versionHasRuns(db: Db, workflowId: string, version: number): Promise<boolean> {
  const [row] = await db
    .select({ id: workflowRuns.id })
    .from(workflowRuns)
    .where(and(eq(workflowRuns.workflowId, workflowId), eq(workflowRuns.version, version)))
    .limit(1);
  return Boolean(row);
}

export async function replaceStepRows(db: Db, workflowId: string, version: number, rows: NewStepRow[]) {
  await db
    .delete(workflowSteps)
    .where(and(eq(workflowSteps.workflowId, workflowId), eq(workflowSteps.version, version)));
  if (rows.length > 0) await db.insert(workflowSteps).values(rows);
}
