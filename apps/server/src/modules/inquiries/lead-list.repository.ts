import type { Scope } from '@casedesk/contract/access/permissions';
import { pageOffset } from '@casedesk/contract/common/paging';
import type { LeadColumnId, LeadListRequest, LeadRow } from '@casedesk/contract/inquiries/lead-list';
import type { SQL } from 'drizzle-orm';
import { and, count, eq, gte, ilike, like, lte, or, sql } from 'drizzle-orm';
import type { Database, Db } from '../../platform/db/database.ts';
import { listPage } from '../../platform/db/list-page.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { calls } from '../calls/calls.tables.ts';
import { clients } from '../clients/clients.tables.ts';
import { dropdownOptions } from '../dropdowns/dropdowns.tables.ts';
import type { SmsScope } from '../sms/sms.service.ts';
import { smsScopeSql } from '../sms/sms.service.ts';
import { smsMessages } from '../sms/sms.tables.ts';
import { users } from '../users/users.tables.ts';
import { inquiries } from './inquiries.tables.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';

/** The lead's phone: the first number the client has, in the order the client form lists them. */
const phone = sql<
  string | null
>`coalesce(${clients.primaryNumber}, ${clients.mobileNumber}, ${clients.homeNumber}, ${clients.secondaryNumber})`;
const name = sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`;

/** What the list may show: the leads in LEADS scope, and of their calls and texts those the caller may read. */
export interface LeadListScope {
  leads: Scope;
  calls: Scope;
  sms: SmsScope;
}

/** Counts per inquiry, computed by LATERAL subqueries in the same statement (no N+1; index on inquiry_id). */
function callCounts(db: Db, scope: Scope) {
  return db
    .select({
      callsIn: sql<number>`count(*) filter (where ${calls.direction} = 'INBOUND')::int`.as('calls_in'),
      callsOut: sql<number>`count(*) filter (where ${calls.direction} = 'OUTBOUND')::int`.as('calls_out'),
    })
    .from(calls)
    .where(and(eq(calls.inquiryId, inquiries.id), officeScopeSql(calls.officeId, scope)))
    .as('call_counts');
}

function textCounts(db: Db, scope: SmsScope) {
  return db
    .select({
      textsIn: sql<number>`count(*) filter (where ${smsMessages.direction} = 'INBOUND')::int`.as('texts_in'),
      textsOut: sql<number>`count(*) filter (where ${smsMessages.direction} = 'OUTBOUND')::int`.as('texts_out'),
    })
    .from(smsMessages)
    .where(and(eq(smsMessages.inquiryId, inquiries.id), smsScopeSql(scope)))
    .as('text_counts');
}

function lastText(db: Db, scope: SmsScope) {
  return db
    .select({ body: sql<string>`${smsMessages.body}`.as('last_body') })
    .from(smsMessages)
    .where(and(eq(smsMessages.inquiryId, inquiries.id), smsScopeSql(scope)))
    .orderBy(sql`${smsMessages.createdDate} desc`)
    .limit(1)
    .as('last_text');
}

/** Filter of the leads list; the office scope is always part of it. */
function leadConditions(request: LeadListRequest, scope: Scope): SQL | undefined {
  const filter = request.filter ?? {};
  const conditions: (SQL | undefined)[] = [officeScopeSql(inquiries.officeId, scope)];
  const keyword = filter.searchKeyword?.trim();
  if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`;
    const digits = keyword.replace(/\D/g, '');
    conditions.push(
      or(
        ilike(name, pattern),
        ilike(clients.email, pattern),
        digits.length >= 3 ? like(phone, `%${digits}%`) : undefined,
      ),
    );
  }
  if (filter.lawTypeId) conditions.push(eq(inquiries.lawTypeId, filter.lawTypeId));
  if (filter.leadOwnerId) conditions.push(eq(inquiries.leadOwnerId, filter.leadOwnerId));
  if (filter.dateFrom) conditions.push(gte(inquiries.createdAt, new Date(filter.dateFrom)));
  if (filter.dateTo) conditions.push(lte(inquiries.createdAt, new Date(filter.dateTo)));
  return and(...conditions);
}

/** One page of leads with their counts, and the total, for the caller's scopes. */
export async function findLeadPage(
  database: Pick<Database, 'db' | 'cursor'>,
  request: LeadListRequest,
  scope: LeadListScope,
) {
  const { db } = database;
  const callsSub = callCounts(db, scope.calls);
  const textsSub = textCounts(db, scope.sms);
  const lastSub = lastText(db, scope.sms);
  const sortColumns: Record<LeadColumnId, SQL[]> = {
    name: [sql`${clients.lastName}`, sql`${clients.firstName}`],
    phone: [phone],
    email: [sql`${clients.email}`],
    callsInOut: [sql`${callsSub.callsIn}`, sql`${callsSub.callsOut}`],
    textInOut: [sql`${textsSub.textsIn}`, sql`${textsSub.textsOut}`],
    notes: [sql`${inquiries.notes}`],
    lawType: [sql`${dropdownOptions.value}`],
    leadOwner: [sql`${users.displayName}`],
    noApptReason: [sql`${inquiries.noApptReason}`],
    source: [sql`${inquiries.source}`],
    dateTime: [sql`${inquiries.createdAt}`],
    text: [sql`${lastSub.body}`],
  };
  // Newest first unless the user sorts; the id keeps equal values in one order across pages.
  const direction = request.sortOrder === 'ASC' ? sql`asc nulls last` : sql`desc nulls last`;
  const order = request.sortBy
    ? sortColumns[request.sortBy].map((column) => sql`${column} ${direction}`)
    : [sql`${inquiries.createdAt} desc`];
  const where = leadConditions(request, scope.leads);

  const fields = {
    id: inquiries.id,
    clientId: inquiries.clientId,
    name,
    phone,
    email: clients.email,
    callsIn: sql<number>`coalesce(${callsSub.callsIn}, 0)`,
    callsOut: sql<number>`coalesce(${callsSub.callsOut}, 0)`,
    textsIn: sql<number>`coalesce(${textsSub.textsIn}, 0)`,
    textsOut: sql<number>`coalesce(${textsSub.textsOut}, 0)`,
    notes: inquiries.notes,
    lawType: dropdownOptions.value,
    leadOwner: users.displayName,
    noApptReason: inquiries.noApptReason,
    source: inquiries.source,
    createdAt: inquiries.createdAt,
    text: lastSub.body,
  };
  const rows = db
    .select(fields)
    .from(inquiries)
    .innerJoin(clients, eq(clients.id, inquiries.clientId))
    .leftJoin(dropdownOptions, eq(dropdownOptions.id, inquiries.lawTypeId))
    .leftJoin(users, eq(users.id, inquiries.leadOwnerId))
    .leftJoinLateral(callsSub, sql`true`)
    .leftJoinLateral(textsSub, sql`true`)
    .leftJoinLateral(lastSub, sql`true`)
    .where(where)
    .orderBy(...order, inquiries.id)
    .limit(request.pageSize)
    .offset(pageOffset(request.pageNumber, request.pageSize));
  const total = db
    .select({ n: count() })
    .from(inquiries)
    .innerJoin(clients, eq(clients.id, inquiries.clientId))
    .where(where);
  return listPage(database, request, {
    rows,
    fields,
    count: async () => (await total)[0]?.n ?? 0,
    toItem: ({ createdAt, ...row }): LeadRow => ({
      ...row,
      callsIn: Number(row.callsIn),
      callsOut: Number(row.callsOut),
      textsIn: Number(row.textsIn),
      textsOut: Number(row.textsOut),
      dateTime: createdAt.toISOString(),
    }),
  });
}
