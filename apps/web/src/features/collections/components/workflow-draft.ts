import {
  WORKFLOW_TEMPLATE_TYPES,
  type WorkflowCreateInput,
  type WorkflowDetail,
  type WorkflowStep,
  type WorkflowStepInput,
  type WorkflowStepKind,
  type WorkflowTrigger,
} from '@casedesk/contract/collections/workflow';
import type { z } from 'zod';

/**
 * A workflow as the editor holds it while it is being written: every step carries every setting, so changing
 * a step's action keeps what was typed; only the settings of its action are sent (toWorkflowInput).
 */
export interface StepDraft {
  /** Stable across reordering, for React keys. */
  key: number;
  kind: WorkflowStepKind;
  templateId: string | null;
  status: string | null;
  daysFromNow: number | string;
  message: string;
  delayDays: number | string;
  atHour: number | null;
  businessDaysOnly: boolean;
}

export interface WorkflowDraft {
  name: string;
  trigger: WorkflowTrigger;
  toStatus: string | null;
  active: boolean;
  steps: StepDraft[];
}

let nextKey = 0;

export function newStep(kind: WorkflowStepKind = 'SEND_TEXT'): StepDraft {
  nextKey += 1;
  return {
    key: nextKey,
    kind,
    templateId: null,
    status: null,
    daysFromNow: 0,
    message: '',
    delayDays: 0,
    atHour: null,
    businessDaysOnly: false,
  };
}

export function emptyDraft(): WorkflowDraft {
  return { name: '', trigger: 'ACCOUNT_OPENED', toStatus: null, active: true, steps: [newStep()] };
}

function stepDraftOf(step: WorkflowStep): StepDraft {
  return {
    ...newStep(step.kind),
    templateId: 'templateId' in step ? step.templateId : null,
    status: step.kind === 'SET_STATUS' ? step.status : null,
    daysFromNow: step.kind === 'SET_FOLLOW_UP' ? step.daysFromNow : 0,
    message: step.kind === 'NOTIFY_COLLECTOR' ? step.message : '',
    delayDays: step.delayDays,
    atHour: step.atHour,
    businessDaysOnly: step.businessDaysOnly,
  };
}

export function draftOf(workflow: WorkflowDetail): WorkflowDraft {
  return {
    name: workflow.name,
    trigger: workflow.trigger,
    toStatus: workflow.toStatus,
    active: workflow.active,
    steps: workflow.steps.map(stepDraftOf),
  };
}

/** A number input's value as the contract expects it; anything not a number is left for the schema to refuse. */
const numberOf = (value: number | string): number => (typeof value === 'number' ? value : Number.NaN);

/** The body the server takes: each step with the settings of its own action only. */
export function toWorkflowInput(draft: WorkflowDraft): WorkflowCreateInput {
  return {
    name: draft.name,
    trigger: draft.trigger,
    toStatus: draft.trigger === 'STATUS_CHANGED' ? (draft.toStatus as WorkflowCreateInput['toStatus']) : null,
    active: draft.active,
    steps: draft.steps.map((step): WorkflowStepInput => {
      const timing = {
        delayDays: numberOf(step.delayDays),
        atHour: step.atHour,
        businessDaysOnly: step.businessDaysOnly,
      };
      switch (step.kind) {
        case 'SEND_TEXT':
        case 'SEND_EMAIL':
        case 'LETTER_FOR_APPROVAL':
          return { kind: step.kind, templateId: step.templateId ?? '', ...timing };
        case 'SET_STATUS':
          return { kind: 'SET_STATUS', status: step.status as 'ACTIVE', ...timing };
        case 'SET_FOLLOW_UP':
          return { kind: 'SET_FOLLOW_UP', daysFromNow: numberOf(step.daysFromNow), ...timing };
        case 'NOTIFY_COLLECTOR':
          return { kind: 'NOTIFY_COLLECTOR', message: step.message, ...timing };
      }
    }),
  };
}

/** The template type a step's action sends, or null for the actions without a template. */
export function templateTypeOf(kind: WorkflowStepKind) {
  return kind in WORKFLOW_TEMPLATE_TYPES ? WORKFLOW_TEMPLATE_TYPES[kind as keyof typeof WORKFLOW_TEMPLATE_TYPES] : null;
}

/** Field errors by path ("steps.1.templateId"), the first message of each, as the server names them. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
  return errors;
}

/** Moves the step at `index` by `by` places (−1 up, +1 down). */
export function moveStep(steps: StepDraft[], index: number, by: -1 | 1): StepDraft[] {
  const target = index + by;
  if (target < 0 || target >= steps.length) return steps;
  const next = [...steps];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
