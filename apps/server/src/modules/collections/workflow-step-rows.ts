import type { WorkflowStep } from '@casedesk/contract/collections/workflow';
import type { workflowSteps } from './workflow.tables.ts';

export type StepRow = typeof workflowSteps.$inferSelect;
export type NewStepRow = typeof workflowSteps.$inferInsert;

/** A stored step as the contract writes it; the table's check constraint guarantees each kind's setting. */
export function toWorkflowStep(row: StepRow): WorkflowStep {
  const timing = { delayDays: row.delayDays, atHour: row.atHour, businessDaysOnly: row.businessDaysOnly };
  switch (row.kind) {
    case 'SEND_TEXT':
    case 'SEND_EMAIL':
    case 'LETTER_FOR_APPROVAL':
      return { kind: row.kind, templateId: row.templateId!, ...timing };
    case 'SET_STATUS':
      return {
        kind: 'SET_STATUS',
        status: row.status as Extract<WorkflowStep, { kind: 'SET_STATUS' }>['status'],
        ...timing,
      };
    case 'SET_FOLLOW_UP':
      return { kind: 'SET_FOLLOW_UP', daysFromNow: row.daysFromNow!, ...timing };
    case 'NOTIFY_COLLECTOR':
      return { kind: 'NOTIFY_COLLECTOR', message: row.message!, ...timing };
  }
}

/** The rows of one version's steps, in order. */
export function toStepRows(workflowId: string, version: number, steps: readonly WorkflowStep[]): NewStepRow[] {
  return steps.map((step, stepIndex) => ({
    workflowId,
    version,
    stepIndex,
    kind: step.kind,
    templateId: 'templateId' in step ? step.templateId : null,
    status: step.kind === 'SET_STATUS' ? step.status : null,
    daysFromNow: step.kind === 'SET_FOLLOW_UP' ? step.daysFromNow : null,
    message: step.kind === 'NOTIFY_COLLECTOR' ? step.message : null,
    delayDays: step.delayDays,
    atHour: step.atHour,
    businessDaysOnly: step.businessDaysOnly,
  }));
}
