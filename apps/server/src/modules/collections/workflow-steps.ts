import { allowsRecord } from '@casedesk/contract/access/permissions';
import type { CollectionStatus } from '@casedesk/contract/collections/account';
import { COLLECTION_STATUS_LABELS } from '@casedesk/contract/collections/account';
import type { WorkflowStep, WorkflowTemplateStepKind } from '@casedesk/contract/collections/workflow';
import { WORKFLOW_TEMPLATE_TYPES } from '@casedesk/contract/collections/workflow';
import { officeAddressLine } from '@casedesk/contract/appointments/appointment-link';
import { addDays, wallTimeOf } from '@casedesk/contract/appointments/zoned-time';
import { formatMoney } from '@casedesk/contract/common/money';
import { formatDateInput, formatPhone } from '@casedesk/contract/common/text';
import type { TemplateValues } from '@casedesk/contract/sms/template-fill';
import { fillTemplate, unfilledPlaceholders } from '@casedesk/contract/sms/template-fill';
import type { Template } from '@casedesk/contract/templates/template';
import type { Actor } from '../../platform/auth/actor.ts';
import { actorOf } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus.ts';
import { listDropdownOptions } from '../dropdowns/dropdowns.service.ts';
import { notifyUsers } from '../notifications/notifications.service.ts';
import { REVIEW_LINK } from '../sms/chat-options.service.ts';
import { sendSms } from '../sms/sms.service.ts';
import { findUserDetail, withPermissions } from '../users/users.service.ts';
import {
  collectionContactGuard,
  WORKFLOW_TEXTS_NAME_THE_ACCOUNT,
  workflowLetterDrafter,
  workflowMailer,
} from './workflow-actions.ts';
import type { WorkflowAccount } from './workflow-runs.repository.ts';
import { insertAccountEvent, updateAccountFollowUp, updateAccountStatus } from './workflow-runs.repository.ts';

/** What a step's action may use: the step's own transaction (a savepoint of it) and what to do after commit. */
export interface StepContext {
  db: Db;
  /** Sends and live messages wait for the commit: a job or a socket must never see a step that rolled back. */
  jobs: Pick<Jobs, 'send' | 'sendSoon'>;
  realtime: RealtimeBus;
  account: WorkflowAccount;
  step: WorkflowStep;
  stepRunId: string;
  workflowName: string;
  /** Who last saved the workflow: a text goes as the account's collector, else as them. */
  workflowEditorId: string | null;
  templates: ReadonlyMap<string, Template>;
  now: Date;
}

export type StepOutcome =
  | { status: 'DONE' | 'REFUSED'; result: string; data?: Record<string, unknown> }
  | { status: 'DEFERRED'; until: Date; result: string };

export const STEP_MESSAGES = {
  templateGone: 'The template of this step no longer exists or was deactivated.',
  templateType: 'The template of this step is not of the kind the step sends.',
  termNotPaymentPlan: 'Term is not Payment Plan',
  noPhone: 'The client has no phone number.',
  noSender: 'No one to send as: the account has no collector and the workflow no editor.',
  noCategory: 'The sender may not send collection texts from this office.',
  noCollector: 'The account has no collector to notify.',
} as const;

/**
 * SPEC §3 placeholders filled from the account: its client, balance, collector and next plan instalment; and the
 * office ones from its office, with the review link. @appointmentLink is not filled: a step that needs it is refused.
 */
export function accountTemplateValues(account: WorkflowAccount): TemplateValues {
  const next = account.nextInstalment;
  return {
    clientFirstName: account.firstName,
    clientLastName: account.lastName,
    balance: formatMoney(account.balanceCents),
    collectorName: account.collectorName,
    payment: next ? formatMoney(next.amountCents) : null,
    dueDate: next ? formatDateInput(next.dueDate) : null,
    officeName: account.office.name,
    officeAddress: officeAddressLine(account.office) || null,
    officePhone: formatPhone(account.office.phone),
    reviewLink: REVIEW_LINK,
  };
}

const refused = (result: string): StepOutcome => ({ status: 'REFUSED', result });

/**
 * The step's template filled for the account, or why it cannot be: gone, of another kind, SPEC §5's payment
 * placeholders on an account whose term is not a payment plan, or a value the account does not have.
 */
function filledTemplate(
  ctx: StepContext,
  kind: WorkflowTemplateStepKind,
  templateId: string,
): { refusal: string } | { template: Template; content: string } {
  const template = ctx.templates.get(templateId);
  if (!template) return { refusal: STEP_MESSAGES.templateGone };
  if (template.templateType !== WORKFLOW_TEMPLATE_TYPES[kind]) return { refusal: STEP_MESSAGES.templateType };
  // SPEC §5: @payment and @dueDate belong to a Payment Plan term.
  if (!ctx.account.termIsPaymentPlan && /@payment|@duedate/i.test(template.content)) {
    return { refusal: STEP_MESSAGES.termNotPaymentPlan };
  }
  // A placeholder left after filling has no value for this account (or is one a step cannot fill, the office's).
  const content = fillTemplate(template.content, accountTemplateValues(ctx.account));
  const missing = unfilledPlaceholders(content);
  if (missing.length > 0) {
    return { refusal: `The template needs ${missing.join(' and ')}, which this account does not have.` };
  }
  return { template, content };
}

/** Runs one step's action. An AppError thrown by another module's service is a refusal (the engine's catch). */
export async function performStep(ctx: StepContext): Promise<StepOutcome> {
  const { step } = ctx;
  switch (step.kind) {
    case 'SEND_TEXT':
      return sendText(ctx, step.templateId);
    case 'SEND_EMAIL':
      return sendEmail(ctx, step.templateId);
    case 'LETTER_FOR_APPROVAL':
      return draftLetter(ctx, step.templateId);
    case 'SET_STATUS':
      return setStatus(ctx, step.status);
    case 'SET_FOLLOW_UP':
      return setFollowUp(ctx, step.daysFromNow);
    case 'NOTIFY_COLLECTOR':
      return notifyCollector(ctx, step.message);
  }
}

async function askContactRules(ctx: StepContext, channel: 'TEXT' | 'EMAIL', to: string): Promise<StepOutcome | null> {
  const verdict = await collectionContactGuard().check(ctx.db, { accountId: ctx.account.id, channel, to, at: ctx.now });
  if (verdict.allowed) return null;
  if (verdict.retryAt && verdict.retryAt > ctx.now) {
    return { status: 'DEFERRED', until: verdict.retryAt, result: verdict.reason };
  }
  return refused(verdict.reason);
}

/** The user a workflow's text goes as, with their permissions as they are now: the collector, else the editor. */
async function senderOf(ctx: StepContext): Promise<Actor | null> {
  for (const userId of [ctx.account.collectorId, ctx.workflowEditorId]) {
    if (!userId) continue;
    const user = await findUserDetail(ctx.db, userId);
    if (!user?.accountEnabled) continue;
    return actorOf(await withPermissions(ctx.db, user), 'workflow', ctx.stepRunId);
  }
  return null;
}

/**
 * A text through the SMS module's ordinary send (opt-out, the sender's SMS permissions for the office and
 * category, the history, the `sms.send` job), after the collections contact rules.
 */
async function sendText(ctx: StepContext, templateId: string): Promise<StepOutcome> {
  const filled = filledTemplate(ctx, 'SEND_TEXT', templateId);
  if ('refusal' in filled) return refused(filled.refusal);
  const { account } = ctx;
  if (!account.phone) return refused(STEP_MESSAGES.noPhone);
  const contact = await askContactRules(ctx, 'TEXT', account.phone);
  if (contact) return contact;
  const sender = await senderOf(ctx);
  if (!sender) return refused(STEP_MESSAGES.noSender);
  const [categories, reasons] = await Promise.all([
    listDropdownOptions(ctx.db, 'SMS_CATEGORY', true),
    listDropdownOptions(ctx.db, 'SMS_REASON', true),
  ]);
  const category = categories.find(
    (c) =>
      c.groupType === 'COLLECTIONS' &&
      allowsRecord(sender.permissions, 'SMS', 'CREATE', { OFFICE: account.officeId, SMS_CATEGORY_TYPE: c.groupType }),
  );
  if (!category) return refused(STEP_MESSAGES.noCategory);
  const reason = reasons.find((r) => r.value === 'Payment Reminder') ?? reasons[0];
  if (!reason) return refused(STEP_MESSAGES.noCategory);
  const message = await sendSms(
    { db: ctx.db, jobs: ctx.jobs, realtime: ctx.realtime },
    sender,
    {
      fromNumber: account.officeSmsNumber,
      toNumber: account.phone,
      body: filled.content,
      direction: 'OUTBOUND',
      clientId: account.clientId,
      // The matter is not named: the sender's LEADS access would then decide, and the text is about the account.
      inquiryId: null,
      collectorId: account.collectorId,
      ...(WORKFLOW_TEXTS_NAME_THE_ACCOUNT ? { collectionAccountId: account.id } : {}),
      categoryId: category.id,
      reasonId: reason.id,
    },
    { action: 'workflow.send_text' },
  );
  return {
    status: 'DONE',
    result: `Text “${filled.template.name}” sent to ${formatPhone(account.phone)} as ${sender.self.displayName}.`,
    data: { smsId: message.id },
  };
}

async function sendEmail(ctx: StepContext, templateId: string): Promise<StepOutcome> {
  const filled = filledTemplate(ctx, 'SEND_EMAIL', templateId);
  if ('refusal' in filled) return refused(filled.refusal);
  const { account } = ctx;
  if (account.email) {
    const contact = await askContactRules(ctx, 'EMAIL', account.email);
    if (contact) return contact;
  }
  return workflowMailer().send({
    db: ctx.db,
    accountId: account.id,
    clientId: account.clientId,
    officeId: account.officeId,
    toAddress: account.email,
    subject: filled.template.name,
    body: filled.content,
    templateId,
    stepRunId: ctx.stepRunId,
  });
}

async function draftLetter(ctx: StepContext, templateId: string): Promise<StepOutcome> {
  const filled = filledTemplate(ctx, 'LETTER_FOR_APPROVAL', templateId);
  if ('refusal' in filled) return refused(filled.refusal);
  const { account } = ctx;
  return workflowLetterDrafter().draft({
    db: ctx.db,
    accountId: account.id,
    clientId: account.clientId,
    officeId: account.officeId,
    collectorId: account.collectorId,
    title: filled.template.name,
    content: filled.content,
    templateId,
    stepRunId: ctx.stepRunId,
  });
}

/**
 * The account's status, with a STATUS event beside the step's own: the account's status history is its
 * STATUS events. A workflow's change starts no other workflow, so workflows never chain into loops.
 */
async function setStatus(ctx: StepContext, status: CollectionStatus): Promise<StepOutcome> {
  const from = ctx.account.status;
  const label = COLLECTION_STATUS_LABELS[status];
  if (from === status) return { status: 'DONE', result: `The status was already ${label}.` };
  await updateAccountStatus(ctx.db, ctx.account.id, status);
  await insertAccountEvent(ctx.db, {
    accountId: ctx.account.id,
    kind: 'STATUS',
    fromStatus: from,
    toStatus: status,
    title: `Status changed to ${label}`,
    detail: `By the workflow “${ctx.workflowName}”.`,
    data: { stepRunId: ctx.stepRunId },
    at: ctx.now,
  });
  return { status: 'DONE', result: `Status changed from ${COLLECTION_STATUS_LABELS[from]} to ${label}.` };
}

/** The follow-up date, counted in days from today in the account's office. */
async function setFollowUp(ctx: StepContext, daysFromNow: number): Promise<StepOutcome> {
  const date = addDays(wallTimeOf(ctx.now, ctx.account.timeZone).date, daysFromNow);
  await updateAccountFollowUp(ctx.db, ctx.account.id, date);
  return { status: 'DONE', result: `Follow-up date set to ${formatDateInput(date)}.` };
}

/** An ACCOUNT notification (SPEC §3) to the collector, which opens the account (SPEC §4). */
async function notifyCollector(ctx: StepContext, message: string): Promise<StepOutcome> {
  const { account } = ctx;
  if (!account.collectorId || !account.collectorEnabled) return refused(STEP_MESSAGES.noCollector);
  const description = fillTemplate(message, accountTemplateValues(account));
  await notifyUsers(ctx.db, ctx.realtime, {
    userIds: [account.collectorId],
    notificationType: 'ACCOUNT',
    notificationId: account.id,
    description,
  });
  return { status: 'DONE', result: `${account.collectorName} notified: ${description}` };
}
