import type {
  CashFlowColumnId,
  CashFlowFilter,
  CashFlowListRequest,
  CashFlowRow,
  CashFlowTotals,
} from '@casedesk/contract/accounting/payment';
import type { Scope } from '@casedesk/contract/access/permissions';
import { pageOffset } from '@casedesk/contract/common/paging';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { and, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Db } from '../../platform/db/database.ts';
import { listPage } from '../../platform/db/list-page.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { clients } from '../clients/clients.tables.ts';
import { collectionAccounts } from '../collections/collections.tables.ts';
import { dropdownOptions } from '../dropdowns/dropdowns.tables.ts';
import { inquiries } from '../inquiries/inquiries.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import { officeReceiptCounters, payments } from './accounting.tables.ts';
import { cashFlowDayTotals } from './cash-flow-totals.tables.ts';

/*
 * The names a row shows beyond its office and client are correlated subqueries rather than joins: a page of the
 * list runs in about a millisecond, and planning a join of eight tables took 20 ms of every request (decision 7).
 */
const reversalId = sql<string | null>`(select r.id from ${payments} r where r.reverses_id = ${payments.id})`;
const lawTypeName = sql<string | null>`(select d.value from ${dropdownOptions} d where d.id = ${payments.lawTypeId})`;
const enteredByName = sql<string | null>`(select u.display_name from ${users} u where u.id = ${payments.enteredById})`;

/**
 * A matter as the lists name it: its law type and the day it was opened, in the time zone of the offices row the
 * query joins. A correlated subquery on the matter's id, so a query need not join inquiries for it.
 */
export const matterLabelOf = (inquiryId: AnyPgColumn) =>
  sql<
    string | null
  >`(select concat_ws(' · ', (select d.value from ${dropdownOptions} d where d.id = i.law_type_id), to_char(i.created_at at time zone ${offices.timeZone}, 'MM-DD-YYYY')) from ${inquiries} i where i.id = ${inquiryId})`;

const rowColumns = {
  id: payments.id,
  officeEntered: payments.officeEntered,
  officeId: payments.officeId,
  office: offices.name,
  clientId: payments.clientId,
  client: sql<string>`concat_ws(' ', ${clients.firstName}, ${clients.lastName})`,
  lmsClientNumber: clients.lmsClientNumber,
  inquiryId: payments.inquiryId,
  matter: matterLabelOf(payments.inquiryId),
  lawTypeId: payments.lawTypeId,
  lawType: lawTypeName,
  paymentType: payments.paymentType,
  account: payments.account,
  feesCents: payments.feesCents,
  costCents: payments.costCents,
  receiptNumber: payments.receiptNumber,
  enteredById: payments.enteredById,
  enteredBy: enteredByName,
  time: payments.enteredAt,
  paymentDate: payments.paymentDate,
  reversesId: payments.reversesId,
  reversedById: reversalId,
};

const SORT_COLUMNS: Record<CashFlowColumnId, SQL> = {
  officeEntered: sql`${payments.officeEntered}`,
  office: sql`${offices.name}`,
  client: sql`${clients.lastName}, ${clients.firstName}`,
  lmsClientNumber: sql`${clients.lmsClientNumber}`,
  matter: sql`${payments.inquiryId}`,
  lawType: lawTypeName,
  paymentType: sql`${payments.paymentType}`,
  fees: sql`${payments.feesCents}`,
  cost: sql`${payments.costCents}`,
  receiptNum: sql`${payments.receiptNumber}`,
  enteredBy: enteredByName,
  time: sql`${payments.enteredAt}`,
};

/**
 * The filter every cash-flow list and total shares, the caller's office scope always in it. Dates are office
 * days (the day each payment counts for). Without "show reversed", an entry that was reversed and its reversal
 * both drop out: together they are nothing.
 */
export function cashFlowConditions(filter: CashFlowFilter | undefined, scope: Scope): SQL | undefined {
  const f = filter ?? {};
  return and(
    officeScopeSql(payments.officeId, scope),
    f.officeId ? eq(payments.officeId, f.officeId) : undefined,
    f.dateFrom ? gte(payments.paymentDate, f.dateFrom) : undefined,
    f.dateTo ? lte(payments.paymentDate, f.dateTo) : undefined,
    f.paymentType ? eq(payments.paymentType, f.paymentType) : undefined,
    f.lawTypeId ? eq(payments.lawTypeId, f.lawTypeId) : undefined,
    f.enteredById ? eq(payments.enteredById, f.enteredById) : undefined,
    f.clientId ? eq(payments.clientId, f.clientId) : undefined,
    f.officeEntered === undefined ? undefined : eq(payments.officeEntered, f.officeEntered),
    f.showReversed
      ? undefined
      : and(
          isNull(payments.reversesId),
          sql`not exists (select 1 from ${payments} r where r.reverses_id = ${payments.id})`,
        ),
  );
}

function joined<T extends ReturnType<Db['select']>>(query: T) {
  return query
    .from(payments)
    .innerJoin(offices, eq(offices.id, payments.officeId))
    .innerJoin(clients, eq(clients.id, payments.clientId));
}

type RowFromDb = Omit<CashFlowRow, 'time'> & { time: Date };

export const toCashFlowRow = (row: RowFromDb): CashFlowRow => ({
  ...row,
  feesCents: Number(row.feesCents),
  costCents: Number(row.costCents),
  time: new Date(row.time).toISOString(),
});

/** One page of the cash flow, the newest day first (and within it the newest entry) unless sorted ("All" streamed, see listPage). */
export async function findCashFlowPage(
  database: Pick<Database, 'db' | 'cursor'>,
  request: CashFlowListRequest,
  scope: Scope,
) {
  const { db } = database;
  const where = cashFlowConditions(request.filter, scope);
  const direction = request.sortOrder === 'ASC' ? sql`asc nulls last` : sql`desc nulls last`;
  const order = request.sortBy
    ? sql`${SORT_COLUMNS[request.sortBy]} ${direction}`
    : sql`${payments.paymentDate} desc, ${payments.enteredAt} desc`;
  const rows = joined(db.select(rowColumns))
    .where(where)
    .orderBy(order, payments.id)
    .limit(request.pageSize)
    .offset(pageOffset(request.pageNumber, request.pageSize));
  return listPage(database, request, {
    rows,
    fields: rowColumns,
    // The totals' count: the same rows, read from the running totals instead of counting the ledger.
    count: async () => (await sumCashFlow(db, request.filter, scope)).count,
    toItem: (row) => toCashFlowRow(row as RowFromDb),
  });
}

/**
 * The running totals' rows a filter reaches: the same office scope and filter as cashFlowConditions, on the
 * totals' columns. Null for a filter by client, which the totals do not split by (such a filter is
 * narrow, and is summed from the payments themselves).
 */
function dayTotalsConditions(filter: CashFlowFilter | undefined, scope: Scope): SQL | undefined | null {
  const f = filter ?? {};
  if (f.clientId) return null;
  const t = cashFlowDayTotals;
  return and(
    officeScopeSql(t.officeId, scope),
    f.officeId ? eq(t.officeId, f.officeId) : undefined,
    f.dateFrom ? gte(t.paymentDate, f.dateFrom) : undefined,
    f.dateTo ? lte(t.paymentDate, f.dateTo) : undefined,
    f.paymentType ? eq(t.paymentType, f.paymentType) : undefined,
    f.lawTypeId ? eq(t.lawTypeId, f.lawTypeId) : undefined,
    f.enteredById ? eq(t.enteredById, f.enteredById) : undefined,
    f.officeEntered === undefined ? undefined : eq(t.officeEntered, f.officeEntered),
    f.showReversed ? undefined : eq(t.shown, true),
  );
}

type Sums = { count: number; feesCents: number; costCents: number; totalCents: number };

function toSums(row: { count: unknown; feesCents: unknown; costCents: unknown } | undefined): Sums {
  const feesCents = Number(row?.feesCents ?? 0);
  const costCents = Number(row?.costCents ?? 0);
  return { count: Number(row?.count ?? 0), feesCents, costCents, totalCents: feesCents + costCents };
}

/**
 * Sums over exactly the rows the list shows with the same filter, per payment type or in all: from the running
 * totals (a few rows per office day), or from the payments for a filter by client.
 */
async function sumsBy(db: Db, filter: CashFlowFilter | undefined, scope: Scope, byPaymentType: boolean) {
  const totalsWhere = dayTotalsConditions(filter, scope);
  const t = cashFlowDayTotals;
  const fromTotals = totalsWhere !== null;
  const source = fromTotals ? t : payments;
  const paymentType = fromTotals ? t.paymentType : payments.paymentType;
  const count = fromTotals ? sql`coalesce(sum(${t.entries}), 0)` : sql`count(*)`;
  const columns = {
    count: sql<string>`${count}`,
    feesCents: sql<string>`coalesce(sum(${fromTotals ? t.feesCents : payments.feesCents}), 0)`,
    costCents: sql<string>`coalesce(sum(${fromTotals ? t.costCents : payments.costCents}), 0)`,
  };
  const where = fromTotals ? totalsWhere : cashFlowConditions(filter, scope);
  if (!byPaymentType)
    return db
      .select({ paymentType: sql<null>`null`, ...columns })
      .from(source)
      .where(where);
  return db
    .select({ paymentType, ...columns })
    .from(source)
    .where(where)
    .groupBy(paymentType)
    .having(sql`${count} > 0`)
    .orderBy(paymentType);
}

/** Sums over exactly the rows the list shows with the same filter. */
export async function sumCashFlow(db: Db, filter: CashFlowFilter | undefined, scope: Scope): Promise<CashFlowTotals> {
  const [row] = await sumsBy(db, filter, scope, false);
  return toSums(row);
}

/** One payment inside the scope, with its reversal link; `forUpdate` locks the payment row. */
export async function findPaymentRow(db: Db, id: string, scope: Scope, forUpdate = false) {
  const query = joined(
    db.select({
      ...rowColumns,
      totalCents: sql<string>`${payments.feesCents} + ${payments.costCents}`,
      note: payments.note,
      reason: payments.reason,
      collectionAccountId: payments.collectionAccountId,
      collectionAccountNumber: sql<number | null>`(select a.account_number from ${collectionAccounts} a
        where a.id = ${payments.collectionAccountId})`,
    }),
  )
    .where(and(eq(payments.id, id), officeScopeSql(payments.officeId, scope)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: payments }) : await query;
  if (!row) return undefined;
  const { totalCents, note, reason, collectionAccountId, collectionAccountNumber } = row as {
    totalCents: string;
    note: string | null;
    reason: string | null;
    collectionAccountId: string | null;
    collectionAccountNumber: number | null;
  };
  return {
    ...toCashFlowRow(row as RowFromDb),
    totalCents: Number(totalCents),
    note,
    reason,
    collectionAccountId,
    collectionAccountNumber: collectionAccountNumber === null ? null : Number(collectionAccountNumber),
  };
}

export type NewPayment = typeof payments.$inferInsert;

export async function insertPayment(tx: Db, values: NewPayment): Promise<string> {
  const [row] = await tx.insert(payments).values(values).returning({ id: payments.id });
  return row!.id;
}

export async function receiptNumberTaken(tx: Db, officeId: string, receiptNumber: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.officeId, officeId), eq(payments.receiptNumber, receiptNumber)))
    .limit(1);
  return row !== undefined;
}

/**
 * Locks the office's receipt counter until the transaction ends (made at 0 on first use), so receipt numbers
 * are given one entry at a time. Returns the last number given.
 */
export async function lockReceiptCounter(tx: Db, officeId: string): Promise<number> {
  await tx.insert(officeReceiptCounters).values({ officeId, lastNumber: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ lastNumber: officeReceiptCounters.lastNumber })
    .from(officeReceiptCounters)
    .where(eq(officeReceiptCounters.officeId, officeId))
    .for('update');
  return row!.lastNumber;
}

export async function setReceiptCounter(tx: Db, officeId: string, lastNumber: number): Promise<void> {
  await tx.update(officeReceiptCounters).set({ lastNumber }).where(eq(officeReceiptCounters.officeId, officeId));
}

/** The office's name, time zone and status, for the entry's rules (its today, whether it takes entries). */
export async function findPaymentOffice(db: Db, officeId: string, scope: Scope) {
  const [row] = await db
    .select({ id: offices.id, timeZone: offices.timeZone, status: offices.status })
    .from(offices)
    .where(and(eq(offices.id, officeId), officeScopeSql(offices.id, scope)))
    .limit(1);
  return row;
}

/** The totals per payment type of the rows the list shows for the filter (types without rows left out). */
export async function sumCashFlowByPaymentType(db: Db, filter: CashFlowFilter | undefined, scope: Scope) {
  const rows = await sumsBy(db, filter, scope, true);
  return rows.map((r) => ({ paymentType: r.paymentType!, ...toSums(r) }));
}

/** A client's payments within the scope, the newest day first, reversed entries and reversals included and marked. */
export async function findClientPayments(db: Db, clientId: string, scope: Scope) {
  return db
    .select({
      id: payments.id,
      paymentDate: payments.paymentDate,
      paymentType: payments.paymentType,
      office: offices.name,
      amountCents: sql<string>`${payments.feesCents} + ${payments.costCents}`,
      receiptNumber: payments.receiptNumber,
      status: sql<'ENTERED' | 'REVERSED' | 'REVERSAL'>`case when ${payments.reversesId} is not null then 'REVERSAL'
        when ${reversalId} is not null then 'REVERSED' else 'ENTERED' end`,
    })
    .from(payments)
    .innerJoin(offices, eq(offices.id, payments.officeId))
    .where(cashFlowConditions({ clientId, showReversed: true }, scope))
    .orderBy(sql`${payments.paymentDate} desc`, sql`${payments.enteredAt} desc`)
    .limit(1000);
}

/** Whether an id names a law type (an INQUIRY_LAW_TYPE option, retired ones too: old matters keep theirs). */
export async function isLawType(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: dropdownOptions.id })
    .from(dropdownOptions)
    .where(and(eq(dropdownOptions.id, id), eq(dropdownOptions.dropdownType, 'INQUIRY_LAW_TYPE')))
    .limit(1);
  return row !== undefined;
}
