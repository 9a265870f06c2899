import type { Scope } from '@casedesk/contract/access/permissions';
import type {
  CollectionAccountColumnId,
  CollectionAccountFilter,
  CollectionAccountListRequest,
  CollectionAccountRow,
  CollectionAccountTotals,
} from '@casedesk/contract/collections/account';
import { COLLECTION_STATUSES } from '@casedesk/contract/collections/account';
import { pageOffset } from '@casedesk/contract/common/paging';
import type { SQL } from 'drizzle-orm';
import { and, asc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../../platform/db/database.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { listPage } from '../../platform/db/list-page.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { clients } from '../clients/clients.tables.ts';
import { dropdownOptions } from '../dropdowns/dropdowns.tables.ts';
import { inquiries } from '../inquiries/inquiries.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import {
  agingCondition,
  dayBetween,
  paidCondition,
  paidRange,
  planCondition,
  promiseCondition,
  promiseRange,
} from './collection-drilldown.repository.ts';
import { collectionAccountTotals } from './collection-totals.tables.ts';
import { collectionAccounts as a, collectionTerms } from './collections.tables.ts';

/** What the account owes: original + adjustments − paid (a write-off is a negative adjustment). */
export const balanceSql = sql<string>`(${a.originalCents} + ${a.adjustmentsCents} - ${a.paidCents})`;

/*
 * Names beyond the office and the client are correlated subqueries, as in the cash-flow list: a page reads them for
 * its own rows only, and the planner keeps walking the index of the page's order.
 */
const termName = sql<string | null>`(select t.name from ${collectionTerms} t where t.id = ${a.termId})`;
const collectorName = sql<string | null>`(select u.display_name from ${users} u where u.id = ${a.collectorId})`;
/** The matter as the lists name it: its law type and the day it was opened, in the account's office's zone. */
const matterLabel = sql<string | null>`(select concat_ws(' · ',
    (select d.value from ${dropdownOptions} d where d.id = i.law_type_id),
    to_char(i.created_at at time zone ${offices.timeZone}, 'MM-DD-YYYY'))
  from ${inquiries} i where i.id = ${a.inquiryId})`;
const clientName = sql<string>`concat_ws(' ', ${clients.firstName}, ${clients.lastName})`;
/** Statuses sort in their workflow order (Active … Closed), not alphabetically. */
const statusOrder = sql`array_position(array[${sql.raw(COLLECTION_STATUSES.map((s) => `'${s}'`).join(','))}]::text[], ${a.status})`;

export const accountColumns = {
  id: a.id,
  accountNumber: a.accountNumber,
  officeId: a.officeId,
  office: offices.name,
  clientId: a.clientId,
  client: clientName,
  inquiryId: a.inquiryId,
  matter: matterLabel,
  status: a.status,
  termId: a.termId,
  term: termName,
  collectorId: a.collectorId,
  collector: collectorName,
  followUpDate: a.followUpDate,
  originalCents: a.originalCents,
  paidCents: a.paidCents,
  adjustmentsCents: a.adjustmentsCents,
  balanceCents: balanceSql,
  lastPaymentDate: a.lastPaymentDate,
  openedAt: a.openedAt,
};

const SORT_COLUMNS: Record<CollectionAccountColumnId, SQL> = {
  accountNumber: sql`${a.accountNumber}`,
  client: sql`${clients.lastName}, ${clients.firstName}`,
  matter: sql`${a.inquiryId}`,
  office: sql`${offices.name}`,
  status: statusOrder,
  term: termName,
  collector: collectorName,
  followUpDate: sql`${a.followUpDate}`,
  original: sql`${a.originalCents}`,
  paid: sql`${a.paidCents}`,
  balance: balanceSql,
  lastPaymentDate: sql`${a.lastPaymentDate}`,
};

type RowFromDb = Omit<CollectionAccountRow, 'openedAt' | 'balanceCents'> & {
  openedAt: Date | string;
  balanceCents: string | number;
};

export const toAccountRow = (row: RowFromDb): CollectionAccountRow => ({
  ...row,
  originalCents: Number(row.originalCents),
  paidCents: Number(row.paidCents),
  adjustmentsCents: Number(row.adjustmentsCents),
  balanceCents: Number(row.balanceCents),
  openedAt: new Date(row.openedAt).toISOString(),
});

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The filters the running totals can answer: any other one (balance, follow-up, search, client) reads the accounts. */
function summarizable(f: CollectionAccountFilter): boolean {
  return (
    f.balanceFromCents === undefined &&
    f.balanceToCents === undefined &&
    f.followUpDue === undefined &&
    f.agingBucket === undefined &&
    f.planState === undefined &&
    !paidRange(f) &&
    !promiseRange(f) &&
    !f.search &&
    !f.clientId
  );
}

/** Conditions of the columns the accounts and their running totals share: office, status, collector, term. */
function keyConditions(
  f: CollectionAccountFilter,
  scope: Scope,
  t: { officeId: AnyPgColumn; status: AnyPgColumn; collectorId: AnyPgColumn; termId: AnyPgColumn },
) {
  return [
    officeScopeSql(t.officeId, scope),
    f.officeId ? eq(t.officeId, f.officeId) : undefined,
    f.statuses?.length ? inArray(t.status, f.statuses) : undefined,
    f.collectorId ? eq(t.collectorId, f.collectorId) : undefined,
    f.unassigned ? isNull(t.collectorId) : undefined,
    f.termId ? eq(t.termId, f.termId) : undefined,
  ];
}

/** A search term: an account number when it is all digits, else part of the client's name. */
function searchCondition(search: string | undefined): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  if (/^\d{1,9}$/.test(term)) return eq(a.accountNumber, Number(term));
  const pattern = `%${escapeLike(term.toLowerCase())}%`;
  // The trigram index of client search (lower(first || ' ' || last)) answers the fragment.
  return sql`${a.clientId} in (select c.id from ${clients} c
    where lower(c.first_name || ' ' || c.last_name) like ${pattern})`;
}

/**
 * The one filter of the list, its count, its totals and its exports, the caller's office scope always in it.
 * Follow-up due is judged on `today` (the browser's day, sent with the filter), else the UTC day.
 */
export function accountConditions(filter: CollectionAccountFilter | undefined, scope: Scope): SQL | undefined {
  const f = filter ?? {};
  const today = f.today ?? new Date().toISOString().slice(0, 10);
  const followUp =
    f.followUpDue === 'PAST'
      ? lt(a.followUpDate, today)
      : f.followUpDue === 'TODAY'
        ? eq(a.followUpDate, today)
        : f.followUpDue === 'NEXT_7_DAYS'
          ? and(gte(a.followUpDate, today), lte(a.followUpDate, addDays(today, 7)))
          : undefined;
  return and(
    ...keyConditions(f, scope, a),
    f.clientId ? eq(a.clientId, f.clientId) : undefined,
    f.balanceFromCents === undefined ? undefined : gte(balanceSql, sql`${f.balanceFromCents}`),
    f.balanceToCents === undefined ? undefined : lte(balanceSql, sql`${f.balanceToCents}`),
    followUp,
    agingCondition(f),
    planCondition(f),
    paidCondition(f),
    promiseCondition(f),
    searchCondition(f.search),
  );
}

function joined<T extends ReturnType<Db['select']>>(query: T) {
  return query.from(a).innerJoin(offices, eq(offices.id, a.officeId)).innerJoin(clients, eq(clients.id, a.clientId));
}

/**
 * One page of accounts: by follow-up date (soonest first, none last) and account number unless sorted, so the
 * default page reads the first rows of an index ("All" streamed, see listPage).
 */
export async function findAccountPage(
  database: Pick<Database, 'db' | 'cursor'>,
  request: CollectionAccountListRequest,
  scope: Scope,
) {
  const { db } = database;
  const direction = request.sortOrder === 'DESC' ? sql`desc nulls last` : sql`asc nulls last`;
  const order = request.sortBy
    ? [sql`${SORT_COLUMNS[request.sortBy]} ${direction}`, asc(a.accountNumber)]
    : [sql`${a.followUpDate} asc nulls last`, asc(a.accountNumber)];
  const rows = joined(db.select(accountColumns))
    .where(accountConditions(request.filter, scope))
    .orderBy(...order)
    .limit(request.pageSize)
    .offset(pageOffset(request.pageNumber, request.pageSize));
  return listPage(database, request, {
    rows,
    fields: accountColumns,
    count: async () => (await sumAccounts(db, request.filter, scope)).count,
    toItem: (row) => toAccountRow(row as RowFromDb),
  });
}

/**
 * Count, original, paid and outstanding of exactly the rows the list shows for the filter: from the running
 * totals when the filter is about office, status, collector and term only, else summed from the accounts.
 */
export async function sumAccounts(
  db: Db,
  filter: CollectionAccountFilter | undefined,
  scope: Scope,
): Promise<CollectionAccountTotals> {
  const f = filter ?? {};
  const t = collectionAccountTotals;
  const [row] = summarizable(f)
    ? await db
        .select({
          count: sql<string>`coalesce(sum(${t.accounts}), 0)`,
          originalCents: sql<string>`coalesce(sum(${t.originalCents}), 0)`,
          paidCents: sql<string>`coalesce(sum(${t.paidCents}), 0)`,
          outstandingCents: sql<string>`coalesce(sum(${t.originalCents} + ${t.adjustmentsCents} - ${t.paidCents}), 0)`,
        })
        .from(t)
        .where(and(...keyConditions(f, scope, t)))
    : await db
        .select({
          count: sql<string>`count(*)`,
          originalCents: sql<string>`coalesce(sum(${a.originalCents}), 0)`,
          paidCents: sql<string>`coalesce(sum(${a.paidCents}), 0)`,
          outstandingCents: sql<string>`coalesce(sum(${balanceSql}), 0)`,
        })
        .from(a)
        .where(accountConditions(f, scope));
  return {
    count: Number(row?.count ?? 0),
    originalCents: Number(row?.originalCents ?? 0),
    paidCents: Number(row?.paidCents ?? 0),
    outstandingCents: Number(row?.outstandingCents ?? 0),
  };
}

/**
 * The money of the cash-flow entries dated in the paid range on the accounts the filter selects, reversals
 * netted: what the dashboard's collected figure shows for the same filter.
 */
export async function sumCollected(
  db: Db,
  filter: CollectionAccountFilter | undefined,
  scope: Scope,
): Promise<number | undefined> {
  const f = filter ?? {};
  if (!paidRange(f)) return undefined;
  const result = await db.execute(sql`select coalesce(sum(p.fees_cents + p.cost_cents), 0) as cents
    from payments p join ${a} on ${a.id} = p.collection_account_id
    where ${accountConditions(f, scope) ?? sql`true`} and ${dayBetween(sql`p.payment_date`, f.paidFrom, f.paidTo)}`);
  const [row] = (result as unknown as { rows: { cents: string | number }[] }).rows;
  return Number(row?.cents ?? 0);
}

/** One account within the scope with the page's columns; `forUpdate` locks it (the payments trigger waits). */
export async function findAccountRow(db: Db, id: string, scope: Scope, forUpdate = false) {
  const query = joined(
    db.select({
      ...accountColumns,
      clientPhone: sql<string | null>`coalesce(${clients.mobileNumber}, ${clients.primaryNumber},
        ${clients.homeNumber}, ${clients.secondaryNumber})`,
      clientEmail: clients.email,
      clientState: clients.state,
      officeTimeZone: offices.timeZone,
    }),
  )
    .where(and(eq(a.id, id), officeScopeSql(a.officeId, scope)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: a }) : await query;
  if (!row) return undefined;
  const { clientPhone, clientEmail, clientState, officeTimeZone } = row as unknown as {
    clientPhone: string | null;
    clientEmail: string | null;
    clientState: string | null;
    officeTimeZone: string;
  };
  return { ...toAccountRow(row as RowFromDb), clientPhone, clientEmail, clientState, officeTimeZone };
}
