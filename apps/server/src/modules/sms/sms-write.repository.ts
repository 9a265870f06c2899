import type { SmsDirection } from '@casedesk/contract/sms/sms';
import type { SmsStatus } from '@casedesk/contract/sms/sms-status';
import { SMS_STATUSES, statusAdvances } from '@casedesk/contract/sms/sms-status';
import { and, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import type { Db } from '../../platform/db/database.ts';
import { param, preparedSql } from '../../platform/db/prepared.ts';
import { reviewRequests, smsMessages, smsOptOuts } from './sms.tables.ts';

export type NewSmsRow = typeof smsMessages.$inferInsert;

export interface SendAudit {
  actorId: string;
  action: string;
  after: Record<string, unknown>;
  ip: string;
  requestId: string;
  detail: Record<string, unknown>;
}

/** The columns a send writes; the rest take their defaults. */
export interface OutboundRow {
  direction: 'OUTBOUND';
  fromNumber: string;
  toNumber: string;
  body: string;
  clientId: string | null;
  inquiryId: string | null;
  collectionAccountId: string | null;
  collectorId: string | null;
  operatorId: string;
  officeId: string;
  categoryId: string;
  reasonId: string;
  status: 'queued';
  retryOfId: string | null;
}

/** A review request sent as a text (the Send Review via text chat option) is recorded beside it. */
const reviewRequestText = sql`, r as (
    insert into ${reviewRequests} (channel, client_id, inquiry_id, office_id, operator_id, sms_message_id, phone_number, sent_at)
    select 'TEXT', client_id, inquiry_id, office_id, operator_id, id, to_number, created_date from m
  )`;

const sendStatement = (withReviewRequest: boolean) => sql`with m as (
    insert into ${smsMessages} (id, direction, from_number, to_number, body, client_id, inquiry_id,
      collection_account_id, collector_id, operator_id, office_id, category_id, reason_id, status, retry_of_id)
    values (${param('id')}::uuid, ${param('direction')}::text, ${param('fromNumber')}::text, ${param('toNumber')}::text,
      ${param('body')}::text, ${param('clientId')}::uuid, ${param('inquiryId')}::uuid,
      ${param('collectionAccountId')}::uuid, ${param('collectorId')}::uuid, ${param('operatorId')}::uuid,
      ${param('officeId')}::uuid, ${param('categoryId')}::uuid, ${param('reasonId')}::uuid, ${param('status')}::text,
      ${param('retryOfId')}::uuid)
    returning id, client_id, inquiry_id, office_id, operator_id, to_number, created_date
  )${withReviewRequest ? reviewRequestText : sql``}
  insert into ${auditEvents} (actor_id, action, entity, entity_id, after, ip, request_id, detail)
  select ${param('actorId')}::uuid, ${param('action')}::text, 'sms_message', m.id::text, ${param('after')}::jsonb,
    ${param('ip')}::text, ${param('requestId')}::text, ${param('detail')}::jsonb from m
  returning (extract(epoch from occurred_at) * 1000)::float8 as occurred_at`;

/**
 * A sent text and its audit row in one statement (a data-modifying CTE): atomic like a transaction, but
 * one round trip and one commit instead of four, and prepared, so PostgreSQL plans it once per connection
 * (the send budget is p99 ≤ 50 ms at 20 concurrent senders). Same row as recordAudit writes; `after`
 * carries no secret keys, so nothing needs redacting.
 */
export async function insertMessageAudited(
  db: Db,
  row: OutboundRow,
  audit: SendAudit,
  options: { reviewRequest?: boolean } = {},
): Promise<{ id: string; createdDate: Date }> {
  const id = randomUUID();
  const review = Boolean(options.reviewRequest);
  const name = review ? 'sms_insert_sent_review' : 'sms_insert_sent';
  // The row's fields one by one rather than spread, as in sendSms's answer: a spread followed by more properties is
  // V8's slow path on Node 20 (20 µs a send here).
  const [inserted] = await preparedSql<{ occurred_at: number }>(db, name, () => sendStatement(review)).execute({
    direction: row.direction,
    fromNumber: row.fromNumber,
    toNumber: row.toNumber,
    body: row.body,
    clientId: row.clientId,
    inquiryId: row.inquiryId,
    collectionAccountId: row.collectionAccountId,
    collectorId: row.collectorId,
    operatorId: row.operatorId,
    officeId: row.officeId,
    categoryId: row.categoryId,
    reasonId: row.reasonId,
    status: row.status,
    retryOfId: row.retryOfId,
    id,
    actorId: audit.actorId,
    action: audit.action,
    // The id first: a spread followed by a property is V8's slow path (stored as jsonb, key order is not kept).
    after: JSON.stringify({ id, ...audit.after }),
    ip: audit.ip,
    requestId: audit.requestId,
    detail: JSON.stringify(audit.detail),
  });
  // created_date defaults to now(), the transaction's start, as occurred_at does: the same instant.
  return { id, createdDate: new Date(inserted!.occurred_at) };
}

/** An inbound text once: a replayed MessageSid inserts nothing and gives undefined. */
export async function insertMessageOnce(db: Db, row: NewSmsRow): Promise<{ id: string } | undefined> {
  const [inserted] = await db
    .insert(smsMessages)
    .values(row)
    .onConflictDoNothing({ target: smsMessages.providerMessageSid })
    .returning({ id: smsMessages.id });
  return inserted;
}

/** The statuses a message may be in for `next` to move it forward (DESIGN §1: never backwards). */
function statusesBefore(next: SmsStatus): SmsStatus[] {
  return SMS_STATUSES.filter((current) => statusAdvances(current, next));
}

/**
 * Applies a status report in one statement, so concurrent reports and the send job never race a
 * read-modify-write: the row changes only while its status is still before the reported one.
 */
export async function advanceStatusBySid(
  db: Db,
  sid: string,
  status: SmsStatus,
  errorCode: string | null,
): Promise<{ id: string; found: boolean; changed: boolean }> {
  const [changed] = await db
    .update(smsMessages)
    .set({ status, statusUpdatedAt: new Date(), ...(errorCode ? { errorCode } : {}) })
    .where(and(eq(smsMessages.providerMessageSid, sid), inArray(smsMessages.status, statusesBefore(status))))
    .returning({ id: smsMessages.id });
  if (changed) return { id: changed.id, found: true, changed: true };
  const [existing] = await db
    .select({ id: smsMessages.id })
    .from(smsMessages)
    .where(eq(smsMessages.providerMessageSid, sid));
  return { id: existing?.id ?? '', found: existing !== undefined, changed: false };
}

/**
 * The send job's outcome in one prepared statement for every case: the provider's id when it gave one,
 * the status only if that moves the message forward ('queued' has nothing before it, so it never changes
 * one), the error code when there is one. The send job runs
 * once per text, so under load its planning would cost PostgreSQL more than the update itself.
 */
const providerResultStatement = () => sql`update ${smsMessages} set
    provider_message_sid = coalesce(${param('sid')}::text, provider_message_sid),
    status = case when status = any(${param('before')}::text[]) then ${param('status')}::text else status end,
    status_updated_at = now(),
    error_code = coalesce(${param('errorCode')}::text, error_code)
  where id = ${param('id')}::uuid`;

/** What the send job records of a text once the provider has answered (or refused it before a call). */
export interface ProviderResult {
  id: string;
  sid: string | null;
  status: SmsStatus;
  errorCode: string | null;
}

/** What the send job needs of a text, with whether its number is opted out now. */
export interface OutboundState {
  id: string;
  direction: SmsDirection;
  fromNumber: string;
  toNumber: string;
  body: string;
  status: SmsStatus;
  providerMessageSid: string | null;
  optedOut: boolean;
}

const outboundStatement = () => sql`select m.id, m.direction, m.from_number, m.to_number, m.body, m.status,
    m.provider_message_sid, coalesce(o.opted_out, false) as opted_out
  from ${smsMessages} m left join ${smsOptOuts} o on o.phone_number = m.to_number
  where m.id = ${param('outboundId')}::uuid`;

/** A data-modifying CTE runs whether or not the query reads it; the read sees the rows as they were before it. */
const providerResultThenOutboundStatement = () =>
  sql`with recorded as (${providerResultStatement()}) ${outboundStatement()}`;

type Row = Record<string, unknown>;

const outboundOf = (row: Row | undefined): OutboundState | undefined =>
  row && {
    id: String(row.id),
    direction: row.direction as SmsDirection,
    fromNumber: String(row.from_number),
    toNumber: String(row.to_number),
    body: String(row.body),
    status: row.status as SmsStatus,
    providerMessageSid: row.provider_message_sid === null ? null : String(row.provider_message_sid),
    optedOut: row.opted_out === true,
  };

const providerResultValues = ({ id, sid, status, errorCode }: ProviderResult) => ({
  id,
  sid,
  status,
  before: statusesBefore(status),
  errorCode,
});

export async function recordProviderResult(db: Db, result: ProviderResult): Promise<void> {
  await preparedSql(db, 'sms_record_provider_result', providerResultStatement).execute(providerResultValues(result));
}

/** What the send job needs of a text, with whether its number is opted out now (one round trip). */
export async function findOutbound(db: Db, id: string): Promise<OutboundState | undefined> {
  const [row] = await preparedSql<Row>(db, 'sms_find_outbound', outboundStatement).execute({ outboundId: id });
  return outboundOf(row);
}

/**
 * The send job's batch: one text's result recorded and the next text's state read in one round trip, where they
 * were two. The read comes just before that text is sent, as fresh as a read of its own (an opt-out, a sid
 * another run recorded). Not for one text read after its own result: the read would not see the update.
 */
export async function recordProviderResultThenFind(
  db: Db,
  result: ProviderResult,
  nextId: string,
): Promise<OutboundState | undefined> {
  if (nextId === result.id) throw new Error('A text is read after its own result by findOutbound');
  const [row] = await preparedSql<Row>(
    db,
    'sms_record_provider_result_then_find_outbound',
    providerResultThenOutboundStatement,
  ).execute(Object.assign(providerResultValues(result), { outboundId: nextId }));
  return outboundOf(row);
}

/** The stored row, for updates and retries (before-images of the audit trail). */
export async function findMessageRow(db: Db, id: string, lock = false) {
  const query = db.select().from(smsMessages).where(eq(smsMessages.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function updateMessageRouting(
  db: Db,
  id: string,
  changes: { categoryId?: string; reasonId?: string; operatorId?: string | null },
): Promise<void> {
  await db.update(smsMessages).set(changes).where(eq(smsMessages.id, id));
}

/**
 * Outbound texts of the last day still queued without a provider id: a crash between storing a text
 * and queueing its job would leave one behind. Bounded by sms_messages_created_idx.
 */
export async function findStrandedQueued(
  db: Db,
  since: Date,
  before: Date,
): Promise<{ id: string; sendAfter: Date | null }[]> {
  return db
    .select({ id: smsMessages.id, sendAfter: smsMessages.sendAfter })
    .from(smsMessages)
    .where(
      and(
        gte(smsMessages.createdDate, since),
        lt(smsMessages.createdDate, before),
        eq(smsMessages.status, 'queued'),
        eq(smsMessages.direction, 'OUTBOUND'),
        isNull(smsMessages.providerMessageSid),
      ),
    )
    .limit(10_000);
}

/** A review request sent by mail (the Send Review chat option), in the transaction that queues the mail. */
export async function insertMailReviewRequest(
  db: Db,
  row: { clientId: string; officeId: string | null; operatorId: string; mailId: string; phoneNumber: string | null },
): Promise<void> {
  await db.insert(reviewRequests).values({ channel: 'MAIL', ...row });
}
