import type { AccessType } from '@casedesk/contract/access/permissions';
import { scopeAllows, scopeOf } from '@casedesk/contract/access/permissions';
import type {
  WorkflowCreate,
  WorkflowDeactivate,
  WorkflowDetail,
  WorkflowRun,
  WorkflowStep,
  WorkflowSummary,
  WorkflowTemplateOption,
  WorkflowUpdate,
} from '@casedesk/contract/collections/workflow';
import {
  describeWorkflowStep,
  WORKFLOW_MESSAGES,
  WORKFLOW_TEMPLATE_TYPES,
} from '@casedesk/contract/collections/workflow';
import type { Template } from '@casedesk/contract/templates/template';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { listTemplates } from '../templates/templates.service.ts';
import { stopWorkflowRuns } from './workflow-engine.service.ts';
import { findAccountOffice, findRunsOfAccount } from './workflow-runs.repository.ts';
import { toStepRows, toWorkflowStep } from './workflow-step-rows.ts';
import type { WorkflowRow, WorkflowSummaryRow } from './workflow.repository.ts';
import {
  findStepRows,
  findWorkflowRow,
  findWorkflowSummaries,
  insertWorkflowRow,
  replaceStepRows,
  updateWorkflowRow,
  versionHasRuns,
} from './workflow.repository.ts';

const toSummary = (row: WorkflowSummaryRow): WorkflowSummary => ({
  ...row,
  toStatus: row.toStatus as WorkflowSummary['toStatus'],
  updatedAt: row.updatedAt.toISOString(),
});

/** GET /api/v1/workflow: workflows are firm-wide, so every holder of Collection Management READ sees them all. */
export async function listWorkflows(db: Db): Promise<WorkflowSummary[]> {
  return (await findWorkflowSummaries(db)).map(toSummary);
}

/** GET /api/v1/workflow/:id: with the steps of the version new runs take. */
export async function getWorkflow(db: Db, id: string): Promise<WorkflowDetail> {
  const [row] = await findWorkflowSummaries(db, id);
  if (!row) throw AppError.notFound('Workflow');
  const steps = (await findStepRows(db, row.id, row.version)).map(toWorkflowStep);
  return { ...toSummary(row), steps };
}

/** GET /api/v1/workflow/templates: every template a step may send, by kind and name. */
export async function listWorkflowTemplates(db: Db): Promise<WorkflowTemplateOption[]> {
  const rows = await listTemplates(db);
  return rows
    .map(({ id, name, templateType }) => ({ id, name, templateType }))
    .sort((a, b) => a.templateType.localeCompare(b.templateType) || a.name.localeCompare(b.name));
}

/**
 * Workflows run on the accounts of every office, so they are changed only with Collection Management (with
 * SPEC §6's ADMIN role condition, judged before the route) without an office condition.
 */
function requireFirmWide(actor: Actor, access: AccessType): void {
  if (scopeOf(actor.permissions, 'COLLECTION_MANAGEMENT', access, 'OFFICE').kind !== 'all') {
    throw AppError.forbiddenBecause(WORKFLOW_MESSAGES.firmWide);
  }
}

/** Each sending step names an existing template of the kind it sends (field errors name the step). */
async function requireTemplates(db: Db, steps: readonly WorkflowStep[]): Promise<void> {
  const templates = new Map<string, Template>((await listTemplates(db)).map((t) => [t.id, t]));
  const fieldErrors: Record<string, string> = {};
  steps.forEach((step, index) => {
    if (!('templateId' in step)) return;
    const template = templates.get(step.templateId);
    const field = `steps.${index}.templateId`;
    if (!template) fieldErrors[field] = WORKFLOW_MESSAGES.templateUnknown;
    else if (template.templateType !== WORKFLOW_TEMPLATE_TYPES[step.kind]) {
      fieldErrors[field] = WORKFLOW_MESSAGES.templateType[step.kind];
    }
  });
  const first = Object.values(fieldErrors)[0];
  if (first) throw AppError.validation(first, fieldErrors);
}

const nameTaken = () => new AppError('CONFLICT', WORKFLOW_MESSAGES.nameTaken, { name: WORKFLOW_MESSAGES.nameTaken });

/** A name another workflow holds is a 409 (checked outside the transaction too, for the race). */
async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

function audited(row: WorkflowRow, steps: readonly WorkflowStep[]) {
  const { createdAt: _c, updatedAt: _u, ...rest } = row;
  return { ...rest, steps };
}

/** POST /api/v1/workflow */
export async function createWorkflow(db: Db, actor: Actor, input: WorkflowCreate): Promise<WorkflowDetail> {
  requireFirmWide(actor, 'CREATE');
  await requireTemplates(db, input.steps);
  const id = await writing(() =>
    db.transaction(async (tx) => {
      const row = await insertWorkflowRow(tx, {
        name: input.name,
        trigger: input.trigger,
        toStatus: input.toStatus,
        active: input.active,
        version: 1,
        createdById: actor.userId,
        updatedById: actor.userId,
      });
      await replaceStepRows(tx, row.id, 1, toStepRows(row.id, 1, input.steps));
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'workflow.create',
        entity: 'workflows',
        entityId: row.id,
        after: audited(row, input.steps),
        ip: actor.ip,
        requestId: actor.requestId,
      });
      return row.id;
    }),
  );
  return getWorkflow(db, id);
}

/** Compared as the rows they are stored as, which list every setting in one order. */
const sameSteps = (a: readonly WorkflowStep[], b: readonly WorkflowStep[]) =>
  JSON.stringify(toStepRows('', 0, a)) === JSON.stringify(toStepRows('', 0, b));

/**
 * PUT /api/v1/workflow: name, trigger, active and steps. Steps that a run has started with never change: the
 * new steps become the next version, which new runs take, and the runs keep theirs. Without runs of the
 * current version, its steps are replaced in place.
 */
export async function updateWorkflow(db: Db, actor: Actor, input: WorkflowUpdate): Promise<WorkflowDetail> {
  requireFirmWide(actor, 'UPDATE');
  await requireTemplates(db, input.steps);
  await writing(() =>
    db.transaction(async (tx) => {
      const before = await findWorkflowRow(tx, input.id, true);
      if (!before) throw AppError.notFound('Workflow');
      const current = (await findStepRows(tx, before.id, before.version)).map(toWorkflowStep);
      let version = before.version;
      if (!sameSteps(current, input.steps)) {
        if (await versionHasRuns(tx, before.id, version)) version += 1;
        await replaceStepRows(tx, before.id, version, toStepRows(before.id, version, input.steps));
      }
      const after = await updateWorkflowRow(tx, before.id, {
        name: input.name,
        trigger: input.trigger,
        toStatus: input.toStatus,
        active: input.active,
        version,
        updatedById: actor.userId,
      });
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'workflow.update',
        entity: 'workflows',
        entityId: before.id,
        before: audited(before, current),
        after: audited(after, input.steps),
        ip: actor.ip,
        requestId: actor.requestId,
      });
    }),
  );
  return getWorkflow(db, input.id);
}

/** POST /api/v1/workflow/deactivate: starts no more runs; with `stopRuns`, its live runs stop (steps skipped). */
export async function deactivateWorkflow(db: Db, actor: Actor, input: WorkflowDeactivate): Promise<WorkflowDetail> {
  requireFirmWide(actor, 'UPDATE');
  await db.transaction(async (tx) => {
    const before = await findWorkflowRow(tx, input.id, true);
    if (!before) throw AppError.notFound('Workflow');
    if (before.active) await updateWorkflowRow(tx, before.id, { active: false, updatedById: actor.userId });
    const stopped = input.stopRuns ? await stopWorkflowRuns(tx, before.id) : 0;
    if (!before.active && stopped === 0) return;
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'workflow.deactivate',
      entity: 'workflows',
      entityId: before.id,
      before: { active: before.active },
      after: { active: false },
      ip: actor.ip,
      requestId: actor.requestId,
      detail: { stoppedRuns: stopped },
    });
  });
  return getWorkflow(db, input.id);
}

/**
 * POST /api/v1/workflow/runs: an account's runs with each step's state. The account is read with ALL_ACCOUNTS
 * READ in its office; outside it, or missing, it is not found (no IDOR).
 */
export async function listAccountRuns(db: Db, actor: Actor, accountId: string): Promise<WorkflowRun[]> {
  const account = await findAccountOffice(db, accountId);
  const scope = scopeOf(actor.permissions, 'ALL_ACCOUNTS', 'READ', 'OFFICE');
  if (!account || !scopeAllows(scope, account.officeId)) {
    throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.accountNotFound, {
      accountId: WORKFLOW_MESSAGES.accountNotFound,
    });
  }
  const runs = await findRunsOfAccount(db, accountId);
  const templateNames = new Map((await listTemplates(db)).map((t) => [t.id, t.name]));
  return runs.map((run) => ({
    id: run.id,
    workflowId: run.workflowId,
    workflowName: run.workflowName,
    version: run.version,
    trigger: run.trigger,
    status: run.status,
    statusReason: run.statusReason,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    steps: run.steps.map((s) => {
      const step = toWorkflowStep(s.step);
      return {
        stepIndex: s.step.stepIndex,
        kind: step.kind,
        description: describeWorkflowStep(step, 'templateId' in step ? templateNames.get(step.templateId) : null),
        status: s.status,
        dueAt: s.dueAt?.toISOString() ?? null,
        executedAt: s.executedAt?.toISOString() ?? null,
        result: s.result,
      };
    }),
  }));
}
