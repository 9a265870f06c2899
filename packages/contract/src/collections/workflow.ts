import { z } from 'zod';
import { TEMPLATE_TYPES } from '../templates/template.ts';
import type { CollectionStatus } from './account.ts';
import { COLLECTION_STATUS_LABELS, OPEN_COLLECTION_STATUSES } from './account.ts';

/**
 * Workflows (docs/collections-workflows.md): a named sequence of timed steps that an account event starts.
 * Each step waits `delayDays` after the one before it (the first after the event), at `atHour` in the
 * account's office's time zone, moved past weekends and holidays when `businessDaysOnly`.
 */
export const WORKFLOW_TRIGGERS = ['ACCOUNT_OPENED', 'PLAN_MISSED', 'STATUS_CHANGED'] as const;
export type WorkflowTrigger = (typeof WORKFLOW_TRIGGERS)[number];
export const WORKFLOW_TRIGGER_LABELS: Record<WorkflowTrigger, string> = {
  ACCOUNT_OPENED: 'Account opened',
  PLAN_MISSED: 'Plan payment missed',
  STATUS_CHANGED: 'Status changed',
};

export const WORKFLOW_STEP_KINDS = [
  'SEND_TEXT',
  'SEND_EMAIL',
  'LETTER_FOR_APPROVAL',
  'SET_STATUS',
  'SET_FOLLOW_UP',
  'NOTIFY_COLLECTOR',
] as const;
export type WorkflowStepKind = (typeof WORKFLOW_STEP_KINDS)[number];
export const WORKFLOW_STEP_KIND_LABELS: Record<WorkflowStepKind, string> = {
  SEND_TEXT: 'Send text',
  SEND_EMAIL: 'Send e-mail',
  LETTER_FOR_APPROVAL: 'Letter for approval',
  SET_STATUS: 'Set status',
  SET_FOLLOW_UP: 'Set follow-up',
  NOTIFY_COLLECTOR: 'Notify collector',
};
/** The template type each sending step takes (templates module: TEXT, EMAIL, LETTER). */
export const WORKFLOW_TEMPLATE_TYPES = {
  SEND_TEXT: 'TEXT',
  SEND_EMAIL: 'EMAIL',
  LETTER_FOR_APPROVAL: 'LETTER',
} as const;
export type WorkflowTemplateStepKind = keyof typeof WORKFLOW_TEMPLATE_TYPES;

/**
 * A run is RUNNING until its last step is done (DONE), or the account is paid or closed, or the workflow is
 * deactivated with its runs (STOPPED). It is PAUSED while the account's open payment plan is paused.
 */
export const WORKFLOW_RUN_STATUSES = ['RUNNING', 'PAUSED', 'STOPPED', 'DONE'] as const;
export type WorkflowRunStatus = (typeof WORKFLOW_RUN_STATUSES)[number];
/** Runs that still have steps to take; one per workflow and account at a time. */
export const LIVE_WORKFLOW_RUN_STATUSES = ['RUNNING', 'PAUSED'] as const satisfies readonly WorkflowRunStatus[];

/**
 * PENDING: waiting for its time (or, without a due time, for the step before it). DONE: the action happened.
 * SKIPPED: the run stopped first. REFUSED: a rule said no (the contact rules, a template value the account
 * lacks, a channel not set up); the run goes on. FAILED: the action kept failing after its retries.
 */
export const WORKFLOW_STEP_RUN_STATUSES = ['PENDING', 'DONE', 'SKIPPED', 'REFUSED', 'FAILED'] as const;
export type WorkflowStepRunStatus = (typeof WORKFLOW_STEP_RUN_STATUSES)[number];

export const WORKFLOW_NAME_MAX = 80;
export const WORKFLOW_STEPS_MAX = 20;
export const WORKFLOW_DELAY_DAYS_MAX = 365;
export const WORKFLOW_FOLLOW_UP_DAYS_MAX = 365;
export const WORKFLOW_MESSAGE_MAX = 500;

/** A workflow may set any status but Paid: an account is paid by its payments, with a zero balance. */
export const WORKFLOW_SETTABLE_STATUSES = [
  'ACTIVE',
  'REVIEW',
  'ESCALATION',
  'PAYMENT_PLAN',
  'CLOSED',
] as const satisfies readonly CollectionStatus[];
/** A Status changed workflow starts on an open status only: runs stop on Paid and Closed. */
export const WORKFLOW_START_STATUSES = OPEN_COLLECTION_STATUSES as readonly [
  'ACTIVE',
  'REVIEW',
  'ESCALATION',
  'PAYMENT_PLAN',
];

const labels = (statuses: readonly CollectionStatus[]) => statuses.map((s) => COLLECTION_STATUS_LABELS[s]).join(', ');

/** Our wording: SPEC names workflows, not their fields. */
export const WORKFLOW_MESSAGES = {
  notFound: 'Workflow not found.',
  name: 'Name is a required field.',
  nameLength: `Name must be ${WORKFLOW_NAME_MAX} characters or less.`,
  nameTaken: 'A workflow with this name already exists.',
  trigger: `Trigger must be one of ${WORKFLOW_TRIGGERS.map((t) => WORKFLOW_TRIGGER_LABELS[t]).join(', ')}.`,
  toStatus: `Changed To must be one of ${labels(WORKFLOW_START_STATUSES)}.`,
  toStatusTrigger: 'Changed To applies to the Status changed trigger only.',
  steps: `A workflow has from 1 to ${WORKFLOW_STEPS_MAX} steps.`,
  stepKind: `Step must be one of ${WORKFLOW_STEP_KINDS.map((k) => WORKFLOW_STEP_KIND_LABELS[k]).join(', ')}.`,
  delayDays: `Delay must be a whole number of days from 0 to ${WORKFLOW_DELAY_DAYS_MAX}.`,
  atHour: 'Hour must be a whole hour from 0 to 23.',
  template: 'Template is a required field.',
  templateUnknown: 'Template must be one of the templates.',
  templateType: {
    SEND_TEXT: 'Send text needs a text template.',
    SEND_EMAIL: 'Send e-mail needs an e-mail template.',
    LETTER_FOR_APPROVAL: 'Letter for approval needs a letter template.',
  } satisfies Record<WorkflowTemplateStepKind, string>,
  status: `Status must be one of ${labels(WORKFLOW_SETTABLE_STATUSES)}.`,
  followUpDays: `Follow-up must be a whole number of days from 0 to ${WORKFLOW_FOLLOW_UP_DAYS_MAX}.`,
  message: 'Message is a required field.',
  messageLength: `Message must be ${WORKFLOW_MESSAGE_MAX} characters or less.`,
  /** Workflows run on the accounts of every office, so an office-limited grant cannot change them. */
  firmWide: 'Workflows run in every office: changing them needs Collection Management without an office condition.',
  account: 'Account is a required field.',
  accountNotFound: 'Collection account not found.',
} as const;

const delayDaysSchema = z
  .number({ error: WORKFLOW_MESSAGES.delayDays })
  .int(WORKFLOW_MESSAGES.delayDays)
  .min(0, WORKFLOW_MESSAGES.delayDays)
  .max(WORKFLOW_DELAY_DAYS_MAX, WORKFLOW_MESSAGES.delayDays);

/** When a step runs, relative to the step before it (the first: to the event that started the run). */
const timing = {
  delayDays: delayDaysSchema.default(0),
  /** The local hour in the office's zone; null: the same time of day as the step before (right away at 0 days). */
  atHour: z
    .number({ error: WORKFLOW_MESSAGES.atHour })
    .int(WORKFLOW_MESSAGES.atHour)
    .min(0, WORKFLOW_MESSAGES.atHour)
    .max(23, WORKFLOW_MESSAGES.atHour)
    .nullable()
    .default(null),
  /** Moved to the next day that is neither a weekend nor a holiday of the office (or the firm). */
  businessDaysOnly: z.boolean().default(false),
};

const templateIdSchema = z.uuid({ error: WORKFLOW_MESSAGES.template });

export const workflowStepSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('SEND_TEXT'), templateId: templateIdSchema, ...timing }).strict(),
    z.object({ kind: z.literal('SEND_EMAIL'), templateId: templateIdSchema, ...timing }).strict(),
    z.object({ kind: z.literal('LETTER_FOR_APPROVAL'), templateId: templateIdSchema, ...timing }).strict(),
    z
      .object({
        kind: z.literal('SET_STATUS'),
        status: z.enum(WORKFLOW_SETTABLE_STATUSES, { error: WORKFLOW_MESSAGES.status }),
        ...timing,
      })
      .strict(),
    z
      .object({
        kind: z.literal('SET_FOLLOW_UP'),
        daysFromNow: z
          .number({ error: WORKFLOW_MESSAGES.followUpDays })
          .int(WORKFLOW_MESSAGES.followUpDays)
          .min(0, WORKFLOW_MESSAGES.followUpDays)
          .max(WORKFLOW_FOLLOW_UP_DAYS_MAX, WORKFLOW_MESSAGES.followUpDays),
        ...timing,
      })
      .strict(),
    z
      .object({
        kind: z.literal('NOTIFY_COLLECTOR'),
        /** The notification's text; the SPEC §3 placeholders (@clientFirstName …) are filled where known. */
        message: z
          .string({ error: WORKFLOW_MESSAGES.message })
          .trim()
          .min(1, WORKFLOW_MESSAGES.message)
          .max(WORKFLOW_MESSAGE_MAX, WORKFLOW_MESSAGES.messageLength),
        ...timing,
      })
      .strict(),
  ],
  { error: WORKFLOW_MESSAGES.stepKind },
);
export type WorkflowStep = z.infer<typeof workflowStepSchema>;
export type WorkflowStepInput = z.input<typeof workflowStepSchema>;
export type WorkflowStepTiming = Pick<WorkflowStep, 'delayDays' | 'atHour' | 'businessDaysOnly'>;

const workflowFields = {
  name: z
    .string({ error: WORKFLOW_MESSAGES.name })
    .trim()
    .min(1, WORKFLOW_MESSAGES.name)
    .max(WORKFLOW_NAME_MAX, WORKFLOW_MESSAGES.nameLength),
  trigger: z.enum(WORKFLOW_TRIGGERS, { error: WORKFLOW_MESSAGES.trigger }),
  /** Status changed only: the status the account changed to; null for any change. */
  toStatus: z
    .enum(WORKFLOW_START_STATUSES, { error: WORKFLOW_MESSAGES.toStatus })
    .nullish()
    .transform((v) => v ?? null),
  /** Only an active workflow starts runs; runs already started go on either way. */
  active: z.boolean().default(true),
  steps: z
    .array(workflowStepSchema, { error: WORKFLOW_MESSAGES.steps })
    .min(1, WORKFLOW_MESSAGES.steps)
    .max(WORKFLOW_STEPS_MAX, WORKFLOW_MESSAGES.steps),
};

function refineToStatus(value: { trigger: WorkflowTrigger; toStatus: string | null }, ctx: z.RefinementCtx): void {
  if (value.toStatus !== null && value.trigger !== 'STATUS_CHANGED') {
    ctx.addIssue({ code: 'custom', message: WORKFLOW_MESSAGES.toStatusTrigger, path: ['toStatus'] });
  }
}

/** POST /api/v1/workflow */
export const workflowCreateSchema = z.object(workflowFields).strict().superRefine(refineToStatus);
export type WorkflowCreate = z.infer<typeof workflowCreateSchema>;
export type WorkflowCreateInput = z.input<typeof workflowCreateSchema>;

/**
 * PUT /api/v1/workflow: replaces name, trigger, active and steps. Steps that runs have started with are never
 * changed: once a run exists, the new steps become the next version, and the runs keep the version they began.
 */
export const workflowUpdateSchema = z
  .object({ id: z.uuid(), ...workflowFields })
  .strict()
  .superRefine(refineToStatus);
export type WorkflowUpdate = z.infer<typeof workflowUpdateSchema>;
export type WorkflowUpdateInput = z.input<typeof workflowUpdateSchema>;

/** GET /api/v1/workflow/:id */
export const workflowIdParamsSchema = z.object({ id: z.uuid() }).strict();

/** POST /api/v1/workflow/deactivate: no new runs; with `stopRuns` the live runs stop too. */
export const workflowDeactivateSchema = z.object({ id: z.uuid(), stopRuns: z.boolean().default(false) }).strict();
export type WorkflowDeactivate = z.infer<typeof workflowDeactivateSchema>;

export const workflowSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  trigger: z.enum(WORKFLOW_TRIGGERS),
  toStatus: z.enum(WORKFLOW_START_STATUSES).nullable(),
  active: z.boolean(),
  /** The version new runs take; it goes up when steps change after a run has started. */
  version: z.number().int(),
  stepCount: z.number().int(),
  /** Runs still RUNNING or PAUSED, of any version. */
  liveRuns: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type WorkflowSummary = z.infer<typeof workflowSummarySchema>;
/** GET /api/v1/workflow: every workflow, active ones first, by name. */
export const workflowListSchema = z.array(workflowSummarySchema);

export const workflowDetailSchema = workflowSummarySchema.extend({ steps: z.array(workflowStepSchema) });
export type WorkflowDetail = z.infer<typeof workflowDetailSchema>;

/** GET /api/v1/workflow/templates: the templates a sending step may name, for the editor. */
export const workflowTemplateOptionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  templateType: z.enum(TEMPLATE_TYPES),
});
export type WorkflowTemplateOption = z.infer<typeof workflowTemplateOptionSchema>;
export const workflowTemplateOptionListSchema = z.array(workflowTemplateOptionSchema);

/** POST /api/v1/workflow/runs: the runs of one account, newest first. */
export const workflowRunsRequestSchema = z.object({ accountId: z.uuid({ error: WORKFLOW_MESSAGES.account }) }).strict();

export const workflowStepRunSchema = z.object({
  stepIndex: z.number().int(),
  kind: z.enum(WORKFLOW_STEP_KINDS),
  /** What the step does, in words ("Send text “Balance notice”"). */
  description: z.string(),
  status: z.enum(WORKFLOW_STEP_RUN_STATUSES),
  /** Null while the step before it has not run. */
  dueAt: z.string().nullable(),
  executedAt: z.string().nullable(),
  /** What happened, or why not. */
  result: z.string().nullable(),
});
export type WorkflowStepRun = z.infer<typeof workflowStepRunSchema>;

export const workflowRunSchema = z.object({
  id: z.uuid(),
  workflowId: z.uuid(),
  workflowName: z.string(),
  version: z.number().int(),
  trigger: z.enum(WORKFLOW_TRIGGERS),
  status: z.enum(WORKFLOW_RUN_STATUSES),
  /** Why it stopped or paused. */
  statusReason: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  steps: z.array(workflowStepRunSchema),
});
export type WorkflowRun = z.infer<typeof workflowRunSchema>;
export const workflowRunListSchema = z.array(workflowRunSchema);

const daysText = (n: number) => (n === 1 ? '1 day' : `${n} days`);
const quoted = (name: string | null | undefined) => (name ? ` “${name}”` : '');

/** What a step does, in words, for the editor, the runs and the timeline. */
export function describeWorkflowStep(step: WorkflowStep, templateName?: string | null): string {
  switch (step.kind) {
    case 'SEND_TEXT':
    case 'SEND_EMAIL':
    case 'LETTER_FOR_APPROVAL':
      return `${WORKFLOW_STEP_KIND_LABELS[step.kind]}${quoted(templateName)}`;
    case 'SET_STATUS':
      return `Set status to ${COLLECTION_STATUS_LABELS[step.status]}`;
    case 'SET_FOLLOW_UP':
      return step.daysFromNow === 0 ? 'Set follow-up to today' : `Set follow-up ${daysText(step.daysFromNow)} ahead`;
    case 'NOTIFY_COLLECTOR':
      return 'Notify collector';
  }
}

const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** When a step runs, in words: "Right away", "At the next 10:00", "After 3 days at 10:00, business days only". */
export function describeStepTiming(step: WorkflowStepTiming): string {
  const when =
    step.delayDays === 0
      ? step.atHour === null
        ? 'Right away'
        : `At the next ${hourText(step.atHour)}`
      : `After ${daysText(step.delayDays)}${step.atHour === null ? '' : ` at ${hourText(step.atHour)}`}`;
  return step.businessDaysOnly ? `${when}, business days only` : when;
}
