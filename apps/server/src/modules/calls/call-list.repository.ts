import type { Scope } from '@casedesk/contract/access/permissions';
import type { CallColumnId, CallListRequest, CallRow } from '@casedesk/contract/calls/call';
import { isOngoingCall } from '@casedesk/contract/calls/call';
import { pageOffset } from '@casedesk/contract/common/paging';
import type { SQL } from 'drizzle-orm';
import { and, count, eq, gte, ilike, like, lte, or, sql } from 'drizzle-orm';
import type { Database, Db } from '../../platform/db/database.ts';
import { listPage } from '../../platform/db/list-page.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { dropdownOptions } from '../dropdowns/dropdowns.tables.ts';
import { inquiries } from '../inquiries/inquiries.tables.ts';
import { mappingInForceAt, trackingLineMappings } from '../marketing/marketing.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import { calls } from './calls.tables.ts';

/** The SPEC §2 columns, each from one join (no N+1): operator, tracking line, the inquiry's law type. */
const rowColumns = {
  id: calls.id,
  direction: calls.direction,
  title: calls.title,
  callerId: calls.callerId,
  callResolution: calls.callResolution,
  opName: users.displayName,
  talkSeconds: calls.durationInSeconds,
  numberDialed: calls.numberDialed,
  pointTo: offices.name,
  callStartTime: calls.callStartTime,
  lawType: dropdownOptions.value,
  duplicate: calls.duplicate,
  clientId: calls.clientId,
  inquiryId: calls.inquiryId,
  status: calls.status,
};

const SORT_COLUMNS: Record<CallColumnId, SQL> = {
  title: sql`${calls.title}`,
  callerId: sql`${calls.callerId}`,
  callResolution: sql`${calls.callResolution}`,
  opName: sql`${users.displayName}`,
  talkSeconds: sql`${calls.durationInSeconds}`,
  numberDialed: sql`${calls.numberDialed}`,
  pointTo: sql`${offices.name}`,
  time: sql`${calls.callStartTime}`,
  lawType: sql`${dropdownOptions.value}`,
  duplicate: sql`${calls.duplicate}`,
};

/** The list filter; the caller's CALLS READ office scope is always part of it (DESIGN §3: in the query). */
function listConditions(request: CallListRequest, scope: Scope): SQL | undefined {
  const filter = request.filter ?? {};
  const conditions: (SQL | undefined)[] = [officeScopeSql(calls.officeId, scope)];
  const keyword = filter.searchKeyword?.trim();
  if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`;
    const digits = keyword.replace(/\D/g, '');
    conditions.push(
      or(
        ilike(calls.title, pattern),
        ilike(users.displayName, pattern),
        ilike(offices.name, pattern),
        ilike(trackingLineMappings.source, pattern),
        digits.length >= 3 ? like(calls.callerId, `%${digits}%`) : undefined,
        digits.length >= 3 ? like(calls.numberDialed, `%${digits}%`) : undefined,
      ),
    );
  }
  if (filter.direction) conditions.push(eq(calls.direction, filter.direction));
  if (filter.officeId) conditions.push(eq(calls.officeId, filter.officeId));
  if (filter.dateFrom) conditions.push(gte(calls.callStartTime, new Date(filter.dateFrom)));
  if (filter.dateTo) conditions.push(lte(calls.callStartTime, new Date(filter.dateTo)));
  return and(...conditions);
}

function joined<T extends ReturnType<Db['select']>>(query: T) {
  return (
    query
      .from(calls)
      .leftJoin(users, eq(users.id, calls.operatorId))
      // The source and "point to" of the mapping in force when the call came in (a re-map changes no past call).
      .leftJoin(trackingLineMappings, mappingInForceAt(calls.trackingLineId, calls.callStartTime))
      .leftJoin(offices, eq(offices.id, trackingLineMappings.pointToOfficeId))
      .leftJoin(inquiries, eq(inquiries.id, calls.inquiryId))
      .leftJoin(dropdownOptions, eq(dropdownOptions.id, inquiries.lawTypeId))
  );
}

type SelectedRow = Omit<CallRow, 'time' | 'ongoing'> & { callStartTime: Date };

function toRow(row: SelectedRow, now: number): CallRow {
  const { callStartTime, ...rest } = row;
  const time = callStartTime.toISOString();
  return {
    ...rest,
    time,
    ongoing: isOngoingCall({ direction: rest.direction, talkSeconds: rest.talkSeconds, time }, now),
  };
}

/** One page of calls and the total, within the caller's office scope ("All" streamed, see listPage). */
export async function findCallPage(database: Pick<Database, 'db' | 'cursor'>, request: CallListRequest, scope: Scope) {
  const { db } = database;
  // Newest first unless the user sorts; the id keeps equal values in one order across pages.
  const direction = request.sortOrder === 'ASC' ? sql`asc nulls last` : sql`desc nulls last`;
  const order = request.sortBy
    ? [sql`${SORT_COLUMNS[request.sortBy]} ${direction}`]
    : [sql`${calls.callStartTime} desc`];
  const where = listConditions(request, scope);
  const rows = joined(db.select(rowColumns))
    .where(where)
    .orderBy(...order, calls.id)
    .limit(request.pageSize)
    .offset(pageOffset(request.pageNumber, request.pageSize));
  const keyword = Boolean(request.filter?.searchKeyword?.trim());
  // The joins matter to the count only when the keyword searches their columns.
  const total = keyword
    ? joined(db.select({ n: count() })).where(where)
    : db.select({ n: count() }).from(calls).where(where);
  const now = Date.now();
  return listPage(database, request, {
    rows,
    fields: rowColumns,
    count: async () => Number((await total)[0]?.n ?? 0),
    toItem: (row) => toRow(row as SelectedRow, now),
  });
}

/** One call as a list row (after it was stored). */
export async function findCallRow(db: Db, id: string): Promise<CallRow | undefined> {
  const [row] = await joined(db.select(rowColumns)).where(eq(calls.id, id)).limit(1);
  return row ? toRow(row as SelectedRow, Date.now()) : undefined;
}
