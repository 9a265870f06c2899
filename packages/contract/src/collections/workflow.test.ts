import { describe, expect, it } from 'vitest';
import {
  describeStepTiming,
  describeWorkflowStep,
  WORKFLOW_MESSAGES,
  workflowCreateSchema,
  workflowUpdateSchema,
} from './workflow.ts';

const TEMPLATE = '00000000-0000-4000-8000-000000000001';
const valid = {
  name: ' New account ',
  trigger: 'ACCOUNT_OPENED',
  steps: [
    { kind: 'SEND_TEXT', templateId: TEMPLATE },
    { kind: 'SET_FOLLOW_UP', daysFromNow: 2, delayDays: 3, atHour: 9, businessDaysOnly: true },
  ],
};
const firstError = (input: unknown) => {
  const result = workflowCreateSchema.safeParse(input);
  if (result.success) return undefined;
  const issue = result.error.issues[0]!;
  return { path: issue.path.join('.'), message: issue.message };
};

describe('workflow write schema', () => {
  it('accepts a workflow and fills the step timing defaults', () => {
    const parsed = workflowCreateSchema.parse(valid);
    expect(parsed.name).toBe('New account');
    expect(parsed.toStatus).toBeNull();
    expect(parsed.active).toBe(true);
    expect(parsed.steps[0]).toEqual({
      kind: 'SEND_TEXT',
      templateId: TEMPLATE,
      delayDays: 0,
      atHour: null,
      businessDaysOnly: false,
    });
  });

  it('says what is wrong, in our wording', () => {
    expect(firstError({ ...valid, name: '  ' })).toEqual({ path: 'name', message: WORKFLOW_MESSAGES.name });
    expect(firstError({ ...valid, trigger: 'PAID' })).toEqual({ path: 'trigger', message: WORKFLOW_MESSAGES.trigger });
    expect(firstError({ ...valid, steps: [] })).toEqual({ path: 'steps', message: WORKFLOW_MESSAGES.steps });
    expect(firstError({ ...valid, steps: [{ kind: 'CALL' }] })).toEqual({
      path: 'steps.0.kind',
      message: WORKFLOW_MESSAGES.stepKind,
    });
    expect(firstError({ ...valid, steps: [{ kind: 'SEND_TEXT' }] })).toEqual({
      path: 'steps.0.templateId',
      message: WORKFLOW_MESSAGES.template,
    });
    expect(firstError({ ...valid, steps: [{ kind: 'SET_STATUS', status: 'PAID' }] })).toEqual({
      path: 'steps.0.status',
      message: WORKFLOW_MESSAGES.status,
    });
    expect(firstError({ ...valid, steps: [{ kind: 'NOTIFY_COLLECTOR', message: 'x', atHour: 24 }] })).toEqual({
      path: 'steps.0.atHour',
      message: WORKFLOW_MESSAGES.atHour,
    });
    expect(firstError({ ...valid, steps: [{ kind: 'SET_FOLLOW_UP', daysFromNow: 1, delayDays: 1.5 }] })).toEqual({
      path: 'steps.0.delayDays',
      message: WORKFLOW_MESSAGES.delayDays,
    });
  });

  it('takes Changed To with the Status changed trigger only, and an open status only', () => {
    expect(firstError({ ...valid, toStatus: 'REVIEW' })).toEqual({
      path: 'toStatus',
      message: WORKFLOW_MESSAGES.toStatusTrigger,
    });
    expect(firstError({ ...valid, trigger: 'STATUS_CHANGED', toStatus: 'CLOSED' })).toEqual({
      path: 'toStatus',
      message: WORKFLOW_MESSAGES.toStatus,
    });
    expect(workflowCreateSchema.parse({ ...valid, trigger: 'STATUS_CHANGED', toStatus: 'REVIEW' }).toStatus).toBe(
      'REVIEW',
    );
    expect(workflowUpdateSchema.safeParse({ ...valid, id: 'x' }).success).toBe(false);
  });
});

describe('step descriptions', () => {
  it('say what a step does and when', () => {
    expect(describeWorkflowStep(workflowCreateSchema.parse(valid).steps[0]!, 'Balance notice')).toBe(
      'Send text “Balance notice”',
    );
    expect(
      describeWorkflowStep({
        kind: 'SET_STATUS',
        status: 'REVIEW',
        delayDays: 0,
        atHour: null,
        businessDaysOnly: false,
      }),
    ).toBe('Set status to Review');
    expect(describeStepTiming({ delayDays: 0, atHour: null, businessDaysOnly: false })).toBe('Right away');
    expect(describeStepTiming({ delayDays: 0, atHour: 9, businessDaysOnly: false })).toBe('At the next 09:00');
    expect(describeStepTiming({ delayDays: 3, atHour: 10, businessDaysOnly: true })).toBe(
      'After 3 days at 10:00, business days only',
    );
  });
});
