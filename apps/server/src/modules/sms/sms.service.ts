import { refuseUnfilledPlaceholders } from '../templates/templates.service.ts';
import type { AccessType, Scope } from '@casedesk/contract/access/permissions';
import { allowsRecord, scopeAllows, scopeOf } from '@casedesk/contract/access/permissions';
import { formatPhone } from '@casedesk/contract/common/text';
import type { ClientSms } from '@casedesk/contract/clients/client-details';
import type { InquiryDetail } from '@casedesk/contract/inquiries/inquiry';
import type {
  SendSmsRequest,
  SmsHistoryResponse,
  SmsListRequest,
  SmsMessage,
  UpdateSmsRequest,
} from '@casedesk/contract/sms/sms';
import { needsAssignee, SMS_MESSAGES } from '@casedesk/contract/sms/sms';
import { COLLECTION_ACCOUNT_MESSAGES } from '@casedesk/contract/collections/account';
import { isRetryable } from '@casedesk/contract/sms/sms-status';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Database, Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus.ts';
import type { AccountRef } from '../collections/collection-contact.service.ts';
import { findReachableAccount, guardCollectionContact } from '../collections/collection-contact.service.ts';
import { notifyUsers } from '../notifications/notifications.service.ts';
import { afterCommitBus } from './after-commit-bus.ts';
import { SMS_SEND_QUEUE } from './sms-delivery.ts';
import type { OptionRef, SendContext } from './sms-lookups.repository.ts';
import { findActiveOption, findActiveUser, findSendContext } from './sms-lookups.repository.ts';
import { findClientTexts, findInquiryTexts } from './record-texts.repository.ts';
import type { SmsScope } from './sms.repository.ts';
import { findHistoryPage, findMessage, findMessagePage, scopeSql } from './sms.repository.ts';
import { findMessageRow, insertMessageAudited, updateMessageRouting } from './sms-write.repository.ts';

export interface SmsDeps {
  db: Db;
  jobs: Pick<Jobs, 'send' | 'sendSoon'>;
  realtime: RealtimeBus;
}

export type { SmsScope };
const ALL: Scope = { kind: 'all' };
/** SPEC §6: the offices and SMS category types an access level reaches, applied together in every query. */
/**
 * The scope as a WHERE clause on sms_messages, for other modules' queries that show texts beside a record (the
 * leads list counts a lead's texts the caller may read).
 */
export function smsScopeSql(scope: SmsScope): ReturnType<typeof scopeSql> {
  return scopeSql(scope);
}

export function smsScope(actor: Actor, access: AccessType): SmsScope {
  return {
    office: scopeOf(actor.permissions, 'SMS', access, 'OFFICE', ['SMS_CATEGORY_TYPE']),
    categoryType: scopeOf(actor.permissions, 'SMS', access, 'SMS_CATEGORY_TYPE', ['OFFICE']),
    clientNames: scopeOf(actor.permissions, 'CLIENT_PROFILE', 'READ', 'OFFICE'),
  };
}

function forbidden(field: string, message: string): AppError {
  return new AppError('FORBIDDEN', message, { [field]: message });
}

const mayReadClient = (actor: Actor, client: SendContext['client']) =>
  client !== null && allowsRecord(actor.permissions, 'CLIENT_PROFILE', 'READ', { OFFICE: client.officeId });

/**
 * A text is tied only to records the sender may reach (SPEC §6): the client by CLIENT_PROFILE READ, the
 * inquiry by LEADS READ, the collection account by ALL_ACCOUNTS READ, each in its office. Missing and
 * unreachable read alike, as not found. A collection text goes to the account's own client.
 */
function requireReachableRecords(
  actor: Actor,
  input: SendSmsRequest,
  context: SendContext,
  account: AccountRef | undefined,
): void {
  const notFound = (field: string, message: string) => new AppError('NOT_FOUND', message, { [field]: message });
  if (input.clientId && !mayReadClient(actor, context.client)) {
    throw notFound('clientId', SMS_MESSAGES.clientUnknown);
  }
  const inquiry = context.inquiry;
  if (input.inquiryId && !(inquiry && allowsRecord(actor.permissions, 'LEADS', 'READ', { OFFICE: inquiry.officeId }))) {
    throw notFound('inquiryId', SMS_MESSAGES.inquiryUnknown);
  }
  if (input.collectionAccountId && !account) {
    throw notFound('collectionAccountId', SMS_MESSAGES.collectionAccountUnknown);
  }
  if (account && context.client && context.client.id !== account.clientId) {
    const message = COLLECTION_ACCOUNT_MESSAGES.accountOfOtherClient;
    throw AppError.validation(message, { collectionAccountId: message });
  }
}

/** A category or reason the send looked up, as its answer names it (field by field, as the answer is built). */
function answeredOption<T extends 'SMS_CATEGORY' | 'SMS_REASON'>(option: OptionRef, dropdownType: T) {
  const { id, value, active, groupType } = option;
  return { id, value, active, groupType, label: value, dropdownType };
}

/**
 * SPEC §4 SMS send (POST /sms/send): checks, stores the text as queued and hands it to the `sms.send`
 * job (DESIGN §3: sending survives a crash or a provider outage). The answer is the stored text; its
 * status moves on as the job and the provider's callbacks report.
 */
export async function sendSms(
  deps: SmsDeps,
  actor: Actor,
  input: SendSmsRequest,
  options: { retryOfId?: string; action?: string; reviewRequest?: boolean } = {},
): Promise<SmsMessage> {
  // A template's placeholder with no value is refused, named, rather than sent as '@balance' or a blank.
  refuseUnfilledPlaceholders(input.body);
  // A collection text: the account (if the sender may read it) names the client and the collector by default.
  const account = input.collectionAccountId
    ? await findReachableAccount(deps.db, actor, input.collectionAccountId)
    : undefined;
  const collectorId = input.collectorId ?? account?.collectorId ?? null;
  // Field by field, not `{ ...input, … }`: V8's slow path on Node 20 (docs/budgets.md).
  const context = await findSendContext(deps.db, {
    fromNumber: input.fromNumber,
    toNumber: input.toNumber,
    categoryId: input.categoryId,
    reasonId: input.reasonId,
    inquiryId: input.inquiryId,
    clientId: input.clientId ?? account?.clientId,
    collectorId,
  });
  const fieldErrors: Record<string, string> = {};
  if (context.offices.length === 0) fieldErrors.fromNumber = SMS_MESSAGES.officeUnknown;
  if (!context.category) fieldErrors.categoryId = SMS_MESSAGES.categoryUnknown;
  if (!context.reason) fieldErrors.reasonId = SMS_MESSAGES.reasonUnknown;
  if (input.collectorId && !context.collectorExists) fieldErrors.collectorId = SMS_MESSAGES.collectorUnknown;
  const firstError = Object.values(fieldErrors)[0];
  if (firstError) throw AppError.validation(firstError, fieldErrors);
  requireReachableRecords(actor, input, context, account);
  const category = context.category!;
  const reason = context.reason!;

  // SPEC §6: office choices are filtered by the office condition on SMS CREATE …
  const officeScope = smsScope(actor, 'CREATE').office;
  const office = context.offices.find((o) => scopeAllows(officeScope, o.id));
  if (!office) throw forbidden('fromNumber', SMS_MESSAGES.officeOutOfScope);
  // … and SPEC §5: categories by the user's permission to create SMS for that category type (the whole text judged).
  const text = { OFFICE: office.id, SMS_CATEGORY_TYPE: category.groupType };
  if (!allowsRecord(actor.permissions, 'SMS', 'CREATE', text)) {
    throw forbidden('categoryId', SMS_MESSAGES.categoryOutOfScope);
  }
  // A collection text asks the contact rules first: they refuse an opted-out number too, in their words, and
  // log the attempt for compliance.
  if (account) {
    await guardCollectionContact(deps.db, {
      actor,
      account,
      channel: 'TEXT',
      toNumber: input.toNumber,
      at: new Date(),
    });
  }
  // Opt-out (TCPA): a number that replied STOP is never texted until it replies START.
  if (context.optedOut) throw new AppError('BUSINESS_RULE', SMS_MESSAGES.optedOut, { toNumber: SMS_MESSAGES.optedOut });

  const row = {
    direction: 'OUTBOUND' as const,
    fromNumber: input.fromNumber,
    toNumber: input.toNumber,
    body: input.body,
    clientId: context.client?.id ?? null,
    inquiryId: input.inquiryId ?? null,
    collectionAccountId: account?.id ?? null,
    collectorId,
    operatorId: actor.userId,
    officeId: office.id,
    categoryId: category.id,
    reasonId: reason.id,
    status: 'queued' as const,
    retryOfId: options.retryOfId ?? null,
  };
  // DESIGN §3 logs rule: the audit row names the text, not its body.
  const { body: _body, ...audited } = row;
  const inserted = await insertMessageAudited(
    deps.db,
    row,
    {
      actorId: actor.userId,
      action: options.action ?? 'sms.send',
      after: audited,
      ip: actor.ip,
      requestId: actor.requestId,
      detail: { bodyLength: input.body.length },
    },
    { reviewRequest: options.reviewRequest },
  );
  // After the commit (PGlite has one connection; a send inside the transaction would wait on it), and
  // batched with other senders' texts (budget: send p99 ≤ 50 ms at 20 senders). The job id is the
  // message id, so a repeated enqueue is refused by pg-boss; a text whose enqueue failed is re-sent by
  // the stranded-text sweep (sms-delivery.ts).
  deps.jobs.sendSoon(SMS_SEND_QUEUE, { messageId: inserted.id }, { id: inserted.id });
  // A client found by the number stays linked, but is named only to a sender who may read them.
  const named = mayReadClient(actor, context.client);
  // Answered from what the checks read: no read-back (the send budget is p99 ≤ 50 ms at 20 senders). Field by
  // field, not `{ ...row, … }`: on Node 20 a literal that spreads an object and then adds properties takes V8's
  // slow path, about 1 µs a property (this literal cost 35 µs of a send's CPU; docs/budgets.md).
  return {
    id: inserted.id,
    direction: row.direction,
    fromNumber: row.fromNumber,
    toNumber: row.toNumber,
    participantNumber: row.toNumber,
    body: row.body,
    clientId: named ? row.clientId : null,
    clientName: named ? context.client!.name : null,
    inquiryId: row.inquiryId,
    collectionAccountId: row.collectionAccountId,
    collectorId: row.collectorId,
    operatorId: row.operatorId,
    operatorName: actor.self.displayName,
    officeId: row.officeId,
    officeName: office.name,
    category: answeredOption(category, 'SMS_CATEGORY'),
    reason: answeredOption(reason, 'SMS_REASON'),
    status: row.status,
    retryOfId: row.retryOfId,
    createdDate: inserted.createdDate.toISOString(),
    errorCode: null,
    optedOut: false,
  };
}

/** A failed or undelivered outbound text sent again as a new message pointing at it, with every send check. */
export async function retrySms(deps: SmsDeps, actor: Actor, id: string): Promise<SmsMessage> {
  const visible = await findMessage(deps.db, id, smsScope(actor, 'READ'));
  if (!visible) throw AppError.notFound('Text message');
  if (!isRetryable(visible.direction, visible.status)) {
    throw new AppError('BUSINESS_RULE', SMS_MESSAGES.notRetryable);
  }
  const row = (await findMessageRow(deps.db, id))!;
  if (!row.categoryId || !row.reasonId) {
    throw AppError.validation(SMS_MESSAGES.categoryRequired, {
      ...(row.categoryId ? {} : { categoryId: SMS_MESSAGES.categoryRequired }),
      ...(row.reasonId ? {} : { reasonId: SMS_MESSAGES.reasonRequired }),
    });
  }
  return sendSms(
    deps,
    actor,
    {
      fromNumber: row.fromNumber,
      toNumber: row.toNumber,
      body: row.body,
      direction: 'OUTBOUND',
      clientId: row.clientId,
      inquiryId: row.inquiryId,
      collectionAccountId: row.collectionAccountId,
      collectorId: row.collectorId,
      categoryId: row.categoryId,
      reasonId: row.reasonId,
    },
    { retryOfId: row.id, action: 'sms.retry' },
  );
}

/** SPEC §7 POST /sms/all within the caller's SMS READ scope. */
export async function listSms(
  database: Pick<Database, 'db' | 'cursor'>,
  actor: Actor,
  request: SmsListRequest,
  offsetHours: number,
) {
  return findMessagePage(database, request, offsetHours, smsScope(actor, 'READ'));
}

/** SPEC §7 POST /sms/byPhoneNumber: the text history of one number, 5 per page, with its opt-out state. */
export async function smsHistory(
  db: Db,
  actor: Actor,
  phoneNumber: string,
  page: { pageNumber: number; pageSize: number; sortOrder: 'ASC' | 'DESC' },
): Promise<SmsHistoryResponse> {
  const found = await findHistoryPage(db, phoneNumber, page, smsScope(actor, 'READ'));
  return { ...found, pageNumber: page.pageNumber, pageSize: page.pageSize };
}

/** SPEC §7 POST /sms/byId; a text outside the caller's scope reads as not found (no IDOR). */
export async function getSms(db: Db, actor: Actor, id: string): Promise<SmsMessage> {
  const message = await findMessage(db, id, smsScope(actor, 'READ'));
  if (!message) throw AppError.notFound('Text message');
  return message;
}

/**
 * SPEC §7 PUT /sms and §4 category changes: a new category (within the caller's SMS UPDATE category
 * types), reason or assignee. A category other than Call Center with an assignee notifies that user
 * with a DIRECT notification (SPEC §6 notification types).
 */
export async function updateSms(deps: SmsDeps, actor: Actor, input: UpdateSmsRequest): Promise<SmsMessage> {
  const current = await findMessage(deps.db, input.id, smsScope(actor, 'UPDATE'));
  if (!current) throw AppError.notFound('Text message');
  const [category, reason, assignee] = await Promise.all([
    input.category ? findActiveOption(deps.db, input.category, 'SMS_CATEGORY') : undefined,
    input.reason ? findActiveOption(deps.db, input.reason, 'SMS_REASON') : undefined,
    input.operatorId ? findActiveUser(deps.db, input.operatorId) : undefined,
  ]);
  const fieldErrors: Record<string, string> = {};
  if (input.category && !category) fieldErrors.category = SMS_MESSAGES.categoryUnknown;
  if (input.reason && !reason) fieldErrors.reason = SMS_MESSAGES.reasonUnknown;
  if (input.operatorId && !assignee) fieldErrors.operatorId = SMS_MESSAGES.operatorUnknown;
  const firstError = Object.values(fieldErrors)[0];
  if (firstError) throw AppError.validation(firstError, fieldErrors);
  const recategorized = category && { OFFICE: current.officeId, SMS_CATEGORY_TYPE: category.groupType };
  if (recategorized && !allowsRecord(actor.permissions, 'SMS', 'UPDATE', recategorized)) {
    throw forbidden('category', SMS_MESSAGES.categoryOutOfScope);
  }

  const changes = {
    ...(category ? { categoryId: category.id } : {}),
    ...(reason ? { reasonId: reason.id } : {}),
    ...(assignee ? { operatorId: assignee.id } : {}),
  };
  const live = afterCommitBus();
  await deps.db.transaction(async (tx) => {
    await updateMessageRouting(tx, current.id, changes);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'sms.update',
      entity: 'sms_message',
      entityId: current.id,
      before: {
        categoryId: current.category?.id ?? null,
        reasonId: current.reason?.id ?? null,
        operatorId: current.operatorId,
      },
      after: changes,
      ip: actor.ip,
      requestId: actor.requestId,
    });
    if (category && assignee && needsAssignee(category) && assignee.id !== actor.userId) {
      await notifyUsers(tx, live.bus, {
        userIds: [assignee.id],
        notificationType: 'DIRECT',
        notificationId: current.id,
        description: `${actor.self.displayName} assigned you a ${category.value} text with ${formatPhone(current.participantNumber)}`,
      });
    }
  });
  await live.flush(deps.realtime);
  // Read back whatever its new category: the caller has just changed it. Its client is named as ever.
  const everyText = { office: ALL, categoryType: ALL, clientNames: smsScope(actor, 'READ').clientNames };
  return (await findMessage(deps.db, current.id, everyText))!;
}

/** A client's texts for the client screen, within the caller's SMS READ scope (none without it). */
export async function listClientTexts(db: Db, actor: Actor, clientId: string): Promise<ClientSms[]> {
  return findClientTexts(db, clientId, smsScope(actor, 'READ'));
}

/** An inquiry's texts for the inquiry screen, within the caller's SMS READ scope (none without it). */
export async function listInquiryTexts(db: Db, actor: Actor, inquiryId: string): Promise<InquiryDetail['smsMessages']> {
  return findInquiryTexts(db, inquiryId, smsScope(actor, 'READ'));
}
