import { createHash } from 'node:crypto';
import type { Scope } from '@casedesk/contract/access/permissions';
import { pageOffset } from '@casedesk/contract/common/paging';
import type { SmsListRequest, SmsMessage, SmsSort } from '@casedesk/contract/sms/sms';
import { SMS_HISTORY_PAGE_SIZE } from '@casedesk/contract/sms/sms';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, like, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Database, Db } from '../../platform/db/database.ts';
import { listPage } from '../../platform/db/list-page.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { inlineCount, preparedOnce } from '../../platform/db/prepared.ts';
import { dropdownOptions } from '../dropdowns/dropdowns.tables.ts';
import { smsMessages } from './sms.tables.ts';

/**
 * What a caller may read: SPEC §6 OFFICE and SMS_CATEGORY_TYPE conditions, applied in the query. A text
 * names its client only for a caller whose CLIENT_PROFILE READ reaches that client's office (`clientNames`):
 * reading a text is not reading the client.
 */
export interface SmsScope {
  office: Scope;
  categoryType: Scope;
  clientNames: Scope;
}

/** The client's office condition inside the subqueries below, whose clients table is aliased `c`. */
const clientOffice = sql.raw('c.office_id');
const clientReach = (scope: Scope) => officeScopeSql(clientOffice, scope) ?? sql`true`;

/**
 * Names and options come from scalar subqueries on primary keys rather than joins: a seven-way join costs
 * the planner several milliseconds per statement (more than running it), and these run per page row only.
 */
const clientName = (scope: Scope) => sql<string | null>`(select c.first_name || ' ' || c.last_name from clients c
  where c.id = ${smsMessages.clientId} and ${clientReach(scope)})`;
const clientSortName = (scope: Scope) => sql`(select c.last_name || ' ' || c.first_name from clients c
  where c.id = ${smsMessages.clientId} and ${clientReach(scope)})`;
const operatorName = sql<string | null>`(select u.display_name from users u where u.id = ${smsMessages.operatorId})`;
const officeName = sql<string | null>`(select o.name from offices o where o.id = ${smsMessages.officeId})`;
const optionValue = (column: AnyPgColumn) =>
  sql<string | null>`(select d.value from dropdown_options d where d.id = ${column})`;

function optionRef<T>(column: AnyPgColumn, dropdownType: 'SMS_CATEGORY' | 'SMS_REASON') {
  return sql<T>`(select json_build_object('id', d.id, 'value', d.value, 'label', d.value,
    'dropdownType', ${dropdownType}::text, 'active', d.active, 'groupType', d.group_type)
    from dropdown_options d where d.id = ${column})`;
}

/**
 * The category-type condition. A text nobody has categorized yet (an inbound reply) is left to the office
 * condition: routing it is exactly what a category change does (SPEC §4), so it must be visible first.
 */
function categoryScopeSql(scope: Scope): SQL | undefined {
  if (scope.kind === 'none') return sql`false`;
  if (scope.kind === 'all') return undefined;
  const allowed: SQL[] = [eq(dropdownOptions.dropdownType, 'SMS_CATEGORY')];
  // scopeOf never gives an empty `only` list (that is `none`).
  if (scope.only) allowed.push(inArray(dropdownOptions.groupType, scope.only));
  if (scope.except.length) allowed.push(notInArray(dropdownOptions.groupType, scope.except));
  const inScope = sql`select ${dropdownOptions.id} from ${dropdownOptions} where ${and(...allowed)}`;
  return or(isNull(smsMessages.categoryId), sql`${smsMessages.categoryId} in (${inScope})`);
}

export function scopeSql(scope: SmsScope): SQL | undefined {
  return and(officeScopeSql(smsMessages.officeId, scope.office), categoryScopeSql(scope.categoryType));
}

const messageColumns = (scope: SmsScope) => ({
  id: smsMessages.id,
  direction: smsMessages.direction,
  fromNumber: smsMessages.fromNumber,
  toNumber: smsMessages.toNumber,
  participantNumber: sql<string>`${smsMessages.participantNumber}`,
  body: smsMessages.body,
  clientId: smsMessages.clientId,
  clientName: clientName(scope.clientNames),
  operatorId: smsMessages.operatorId,
  operatorName,
  inquiryId: smsMessages.inquiryId,
  collectionAccountId: smsMessages.collectionAccountId,
  collectorId: smsMessages.collectorId,
  officeId: smsMessages.officeId,
  officeName,
  category: optionRef<SmsMessage['category']>(smsMessages.categoryId, 'SMS_CATEGORY'),
  reason: optionRef<SmsMessage['reason']>(smsMessages.reasonId, 'SMS_REASON'),
  createdDate: smsMessages.createdDate,
  status: smsMessages.status,
  errorCode: smsMessages.errorCode,
  retryOfId: smsMessages.retryOfId,
  optedOut: sql<boolean>`coalesce((select s.opted_out from sms_opt_outs s
    where s.phone_number = ${smsMessages.participantNumber}), false)`,
});

type MessageRow = Omit<SmsMessage, 'createdDate'> & { createdDate: Date | string };

/** PGlite and node-postgres both give a Date for timestamptz; json objects arrive parsed. */
export function toSmsMessage(row: MessageRow): SmsMessage {
  const createdDate = row.createdDate instanceof Date ? row.createdDate : new Date(row.createdDate);
  return { ...row, createdDate: createdDate.toISOString() };
}

/** The select every read shares: the message with its names, options and the participant's opt-out state. */
function selectMessages(db: Db, scope: SmsScope) {
  return db.select(messageColumns(scope)).from(smsMessages).$dynamic();
}

/** One message; a message outside the scope is not found (no IDOR). */
export async function findMessage(db: Db, id: string, scope: SmsScope): Promise<SmsMessage | undefined> {
  const [row] = await selectMessages(db, scope)
    .where(and(eq(smsMessages.id, id), scopeSql(scope)))
    .limit(1);
  return row ? toSmsMessage(row) : undefined;
}

export interface HistoryPage {
  pageNumber: number;
  pageSize: number;
  sortOrder: 'ASC' | 'DESC';
}

function historyWhere(phoneNumber: string | SQLWrapper, scope: SmsScope): SQL | undefined {
  return and(sql`${smsMessages.participantNumber} = ${phoneNumber}`, scopeSql(scope));
}

/** The number's opt-out state (no row: never opted out). */
function numberOptedOut(phoneNumber: string) {
  return sql<boolean>`coalesce((select s.opted_out from sms_opt_outs s where s.phone_number = ${phoneNumber}), false)`;
}

const phoneParam = sql.placeholder('phone');
/**
 * The drawer's pages that get a prepared statement of their own: its page size, the first pages. Other
 * sizes and deeper pages run as one-off statements, so no caller can make a connection hold many plans.
 */
const PREPARED_HISTORY_PAGES = 5;

/**
 * The page query (SPEC §7 /sms/byPhoneNumber): a backward range of sms_messages_participant_idx
 * (participant_number, created_date) that stops after the page, so a page costs a short index range
 * whatever the table size; the names are computed for those rows only. The total rides along as an
 * uncorrelated subquery (computed once): one round trip per page.
 */
function historyPageSelect(db: Db, phone: string | SQLWrapper, scope: SmsScope, page: HistoryPage, inline: boolean) {
  const order = page.sortOrder === 'ASC' ? asc : desc;
  const where = historyWhere(phone, scope);
  const total = sql<number>`(select count(*)::int from ${smsMessages} where ${where})`;
  const offset = pageOffset(page.pageNumber, page.pageSize);
  return db
    .select({ ...messageColumns(scope), totalCount: total })
    .from(smsMessages)
    .where(where)
    .orderBy(order(smsMessages.createdDate), order(smsMessages.id))
    .limit(inline ? inlineCount(page.pageSize) : page.pageSize)
    .offset(inline ? inlineCount(offset) : offset);
}

/** The page query with its values, for a test to EXPLAIN exactly what runs. */
export function historyPageQuery(db: Db, phoneNumber: string, page: HistoryPage, scope: SmsScope) {
  const query = historyPageSelect(db, phoneParam, scope, page, isPreparedPage(page)).toSQL();
  // The placeholder comes out as an object naming its value; the rest were bound when the query was built.
  const params = query.params.map((p) => (p && typeof p === 'object' && 'name' in p ? phoneNumber : p));
  return { sql: query.sql, params };
}

const isPreparedPage = (page: HistoryPage) =>
  page.pageSize === SMS_HISTORY_PAGE_SIZE && page.pageNumber <= PREPARED_HISTORY_PAGES;

/**
 * The prepared page query per scope and page: building this statement in Drizzle and planning it in
 * PostgreSQL cost more than running it (its budget: history p95 ≤ 30 ms at 20 readers). The page's
 * LIMIT and OFFSET are written into the text so PostgreSQL keeps one generic plan per pooled connection;
 * as $n values they made it plan anew on every call. A user's scope rarely changes and pages are few, so
 * the statements stay few.
 */
function preparedHistoryFor(db: Db, scope: SmsScope, page: HistoryPage) {
  const key = `${page.sortOrder}:${page.pageSize}:${page.pageNumber}:${JSON.stringify(scope)}`;
  const name = historyStatementName(key);
  return preparedOnce(db, name, () => historyPageSelect(db, phoneParam, scope, page, true).prepare(name));
}

const historyStatementNames = new Map<string, string>();

/** A short name for a page shape's statement, hashed once per shape rather than on every request. */
function historyStatementName(key: string): string {
  let name = historyStatementNames.get(key);
  if (name === undefined) {
    name = `sms_history_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;
    historyStatementNames.set(key, name);
  }
  return name;
}

export async function findHistoryPage(
  db: Db,
  phoneNumber: string,
  page: HistoryPage,
  scope: SmsScope,
): Promise<{ items: SmsMessage[]; totalCount: number; optedOut: boolean }> {
  const rows = isPreparedPage(page)
    ? await preparedHistoryFor(db, scope, page).execute({ phone: phoneNumber })
    : await historyPageSelect(db, phoneNumber, scope, page, false);
  const first = rows[0];
  if (first) {
    const items = rows.map(({ totalCount: _total, ...row }) => toSmsMessage(row));
    return { items, totalCount: first.totalCount, optedOut: first.optedOut };
  }
  // An empty page (a new number, or past the end): the total and opt-out state on their own.
  const [state] = await db
    .select({ n: count(), optedOut: numberOptedOut(phoneNumber) })
    .from(smsMessages)
    .where(historyWhere(phoneNumber, scope));
  return { items: [], totalCount: state?.n ?? 0, optedOut: state?.optedOut ?? false };
}

/** Start of a calendar day (yyyy-MM-dd) in the caller's zone, as an instant (DESIGN §3: offsetHours decides days). */
function dayStart(isoDate: string, offsetHours: number, plusDays = 0): Date {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + plusDays) - offsetHours * 3_600_000);
}

function listConditions(request: SmsListRequest, offsetHours: number, scope: SmsScope): SQL | undefined {
  const filter = request.filter ?? {};
  const conditions: (SQL | undefined)[] = [scopeSql(scope)];
  if (filter.dateFrom) conditions.push(gte(smsMessages.createdDate, dayStart(filter.dateFrom, offsetHours)));
  if (filter.dateTo) conditions.push(lt(smsMessages.createdDate, dayStart(filter.dateTo, offsetHours, 1)));
  if (filter.direction) conditions.push(eq(smsMessages.direction, filter.direction));
  if (filter.officeId) conditions.push(eq(smsMessages.officeId, filter.officeId));
  if (filter.categoryId) conditions.push(eq(smsMessages.categoryId, filter.categoryId));
  if (filter.reasonId) conditions.push(eq(smsMessages.reasonId, filter.reasonId));
  if (filter.status) conditions.push(eq(smsMessages.status, filter.status));
  if (filter.clientId) conditions.push(eq(smsMessages.clientId, filter.clientId));
  if (filter.inquiryId) conditions.push(eq(smsMessages.inquiryId, filter.inquiryId));
  const keyword = filter.searchKeyword?.trim();
  if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`;
    const digits = keyword.replace(/\D/g, '');
    conditions.push(
      or(
        ilike(smsMessages.body, pattern),
        ilike(clientName(scope.clientNames), pattern),
        digits.length >= 3 ? like(sql`${smsMessages.participantNumber}`, `%${digits}%`) : undefined,
      ),
    );
  }
  return and(...conditions);
}

const sortColumns = (scope: SmsScope): Record<SmsSort, SQL[]> => ({
  createdDate: [sql`${smsMessages.createdDate}`],
  direction: [sql`${smsMessages.direction}`],
  fromNumber: [sql`${smsMessages.fromNumber}`],
  toNumber: [sql`${smsMessages.toNumber}`],
  clientName: [clientSortName(scope.clientNames)],
  operatorName: [operatorName],
  officeName: [officeName],
  category: [optionValue(smsMessages.categoryId)],
  reason: [optionValue(smsMessages.reasonId)],
  status: [sql`${smsMessages.status}`],
});

/** SPEC §7 POST /sms/all: one page and the total, sorted on the server, within the caller's scope. */
export async function findMessagePage(
  database: Pick<Database, 'db' | 'cursor'>,
  request: SmsListRequest,
  offsetHours: number,
  scope: SmsScope,
) {
  const { db } = database;
  const where = listConditions(request, offsetHours, scope);
  const direction = request.sortOrder === 'ASC' ? sql`asc nulls last` : sql`desc nulls last`;
  const order = request.sortBy
    ? sortColumns(scope)[request.sortBy].map((column) => sql`${column} ${direction}`)
    : [sql`${smsMessages.createdDate} desc`];
  const fields = messageColumns(scope);
  return listPage(database, request, {
    rows: db
      .select(fields)
      .from(smsMessages)
      .where(where)
      .orderBy(...order, smsMessages.id)
      .limit(request.pageSize)
      .offset(pageOffset(request.pageNumber, request.pageSize)),
    fields,
    count: async () => (await db.select({ n: count() }).from(smsMessages).where(where))[0]?.n ?? 0,
    toItem: toSmsMessage,
  });
}
