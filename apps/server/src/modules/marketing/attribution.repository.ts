import type { Scope } from '@casedesk/contract/access/permissions';
import { APPOINTMENT_STAGES } from '@casedesk/contract/appointments/row-colour';
import { pageOffset } from '@casedesk/contract/common/paging';
import type {
  LeadGroup,
  SourceMonthCalls,
  SourceMonthSpend,
  SpendEntry,
} from '@casedesk/contract/marketing/attribution';
import type { UnresolvedDnisRequest, UnresolvedDnisRow } from '@casedesk/contract/marketing/tracking-line';
import type { SQL } from 'drizzle-orm';
import { and, count, eq, gte, inArray, isNull, max, min, notExists, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../../platform/db/database.ts';
import { listPage } from '../../platform/db/list-page.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { payments } from '../accounting/accounting.tables.ts';
import { appointments } from '../appointments/appointments.tables.ts';
import { calls } from '../calls/calls.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { attributionCallerMonths, attributionLeads, attributionSourceMonths } from './attribution.tables.ts';
import { marketingSpendEntries } from './marketing.tables.ts';

const SIGNED_STAGE = APPOINTMENT_STAGES.find((s) => s.name === 'Signed')!.id;

/** The report's months, first and last included (yyyy-MM, compared as text). */
export interface AttributionWindow {
  monthFrom: string;
  monthTo: string;
}

const inWindow = (month: SQL | AnyPgColumn, window: AttributionWindow) =>
  sql`${month} between ${window.monthFrom} and ${window.monthTo}`;

/**
 * Calls and distinct callers per source and month, read from the running totals (attribution.tables.ts).
 * Firm-wide they are one row each; for offices, a caller who rang two of them counts once.
 */
export async function countCallsBySourceMonth(
  db: Db,
  window: AttributionWindow,
  scope: Scope,
): Promise<SourceMonthCalls[]> {
  if (scope.kind === 'all') {
    const rows = await db
      .select({
        source: attributionSourceMonths.source,
        month: attributionSourceMonths.month,
        calls: attributionSourceMonths.calls,
        uniqueCallers: attributionSourceMonths.uniqueCallers,
      })
      .from(attributionSourceMonths)
      .where(inWindow(attributionSourceMonths.month, window));
    return rows;
  }
  const t = attributionCallerMonths;
  const rows = await db
    .select({
      source: t.source,
      month: t.month,
      calls: sql<number>`sum(${t.calls})::int`,
      uniqueCallers: sql<number>`(count(distinct ${t.callerId}) filter (where ${t.callerId} <> ''))::int`,
    })
    .from(t)
    .where(and(inWindow(t.month, window), officeScopeSql(t.officeId, scope)))
    .groupBy(t.source, t.month);
  return rows.map((r) => ({ ...r, calls: Number(r.calls), uniqueCallers: Number(r.uniqueCallers) }));
}

/**
 * Leads whose first tracked call falls in the window, counted per month and pair of first and last touch:
 * an inquiry counts once however often it called. A lead's appointments: any not deleted is "set"; one at
 * the Signed stage is a signed case. Fees collected: with `feesScope` (the caller's CASH_FLOW READ offices),
 * the fees of the payments on the leads' matters; without it, null.
 */
export async function countLeads(
  db: Db,
  window: AttributionWindow,
  scope: Scope,
  feesScope: Scope | null,
): Promise<LeadGroup[]> {
  const l = attributionLeads;
  const leadsInWindow = db
    .select({ id: l.inquiryId })
    .from(l)
    .where(and(inWindow(l.firstMonth, window), officeScopeSql(l.officeId, scope)));
  // Fees paid on the leads' matters, in the offices whose cash flow the caller reads; reversals net out.
  const fees = db
    .select({ inquiryId: payments.inquiryId, feesCents: sql<string>`sum(${payments.feesCents})`.as('fees_cents') })
    .from(payments)
    .where(
      and(
        inArray(payments.inquiryId, leadsInWindow),
        feesScope ? officeScopeSql(payments.officeId, feesScope) : sql`false`,
      ),
    )
    .groupBy(payments.inquiryId)
    .as('fees');
  const outcome = db
    .select({
      inquiryId: appointments.inquiryId,
      signed: sql<boolean>`bool_or(${appointments.stageId} = ${sql.raw(String(SIGNED_STAGE))})`.as('signed'),
    })
    .from(appointments)
    // Only the window's leads: grouping every appointment by matter first read the whole table (1,000,000
    // appointments: a parallel sequential scan and a hash spilling to disk, 3.4 s; with this, 5 ms).
    .where(and(isNull(appointments.deletedAt), inArray(appointments.inquiryId, leadsInWindow)))
    .groupBy(appointments.inquiryId)
    .as('outcome');
  const rows = await db
    .select({
      month: l.firstMonth,
      firstSource: l.firstSource,
      lastSource: l.lastSource,
      leads: sql<number>`count(*)::int`,
      appointmentsSet: sql<number>`(count(*) filter (where ${outcome.inquiryId} is not null))::int`,
      signedCases: sql<number>`(count(*) filter (where ${outcome.signed}))::int`,
      feesCollectedCents: sql<string>`coalesce(sum(${fees.feesCents}), 0)`,
    })
    .from(l)
    .leftJoin(outcome, eq(outcome.inquiryId, l.inquiryId))
    .leftJoin(fees, eq(fees.inquiryId, l.inquiryId))
    .where(and(inWindow(l.firstMonth, window), officeScopeSql(l.officeId, scope)))
    .groupBy(l.firstMonth, l.firstSource, l.lastSource);
  return rows.map((r) => ({
    ...r,
    leads: Number(r.leads),
    appointmentsSet: Number(r.appointmentsSet),
    signedCases: Number(r.signedCases),
    feesCollectedCents: feesScope ? Number(r.feesCollectedCents) : null,
  }));
}

/** The latest spend entry of each source and month in the window. */
export async function findSpend(db: Db, window: AttributionWindow): Promise<SourceMonthSpend[]> {
  const rows = await db
    .selectDistinctOn([marketingSpendEntries.source, marketingSpendEntries.month], {
      source: marketingSpendEntries.source,
      month: marketingSpendEntries.month,
      amountCents: marketingSpendEntries.amountCents,
    })
    .from(marketingSpendEntries)
    .where(
      and(gte(marketingSpendEntries.month, window.monthFrom), sql`${marketingSpendEntries.month} <= ${window.monthTo}`),
    )
    .orderBy(marketingSpendEntries.source, marketingSpendEntries.month, sql`${marketingSpendEntries.enteredAt} desc`);
  return rows.map((r) => ({ ...r, amountCents: Number(r.amountCents) }));
}

export async function insertSpend(tx: Db, entry: SpendEntry, enteredById: string) {
  const [row] = await tx
    .insert(marketingSpendEntries)
    .values({ ...entry, enteredById })
    .returning();
  return row!;
}

/** Inbound calls that no mapping claimed, to a number that is not an office's own. */
function unresolvedConditions(scope: Scope): SQL | undefined {
  return and(
    eq(calls.direction, 'INBOUND'),
    isNull(calls.trackingLineId),
    sql`${calls.numberDialed} ~ '^[0-9]{10}$'`,
    notExists(sql`(select 1 from ${offices} o where o.phone = ${calls.numberDialed})`),
    officeScopeSql(calls.officeId, scope),
  );
}

const unresolvedColumns = {
  dnis: sql<string>`${calls.numberDialed}`.as('dnis'),
  calls: count().as('calls'),
  firstCallTime: min(calls.callStartTime).as('first_call_time'),
  lastCallTime: max(calls.callStartTime).as('last_call_time'),
};

/** Unresolved numbers with their calls, the most recently called first. */
export async function findUnresolvedPage(
  database: Pick<Database, 'db' | 'cursor'>,
  request: UnresolvedDnisRequest,
  scope: Scope,
) {
  const { db } = database;
  const where = unresolvedConditions(scope);
  const rows = db
    .select(unresolvedColumns)
    .from(calls)
    .where(where)
    .groupBy(calls.numberDialed)
    .orderBy(sql`last_call_time desc`, calls.numberDialed)
    .limit(request.pageSize)
    .offset(pageOffset(request.pageNumber, request.pageSize));
  return listPage(database, request, {
    rows,
    fields: unresolvedColumns,
    count: async () =>
      Number(
        (
          await db
            .select({ n: sql<number>`count(distinct ${calls.numberDialed})` })
            .from(calls)
            .where(where)
        )[0]?.n ?? 0,
      ),
    toItem: (row): UnresolvedDnisRow => {
      const r = row as { dnis: string; calls: number; firstCallTime: Date | string; lastCallTime: Date | string };
      return {
        dnis: r.dnis,
        calls: Number(r.calls),
        firstCallTime: new Date(r.firstCallTime).toISOString(),
        lastCallTime: new Date(r.lastCallTime).toISOString(),
      };
    },
  });
}

/**
 * A new line for a number claims its unresolved calls from its start on: they take the line (so the
 * mapping in force at their time attributes them) and, when they had none, the line's office.
 */
export async function claimUnresolvedCalls(
  tx: Db,
  line: { id: string; dnis: string; officeId: string; effectiveFrom: Date },
): Promise<number> {
  const claimed = await tx
    .update(calls)
    .set({ trackingLineId: line.id, officeId: sql`coalesce(${calls.officeId}, ${line.officeId}::uuid)` })
    .where(
      and(
        eq(calls.direction, 'INBOUND'),
        isNull(calls.trackingLineId),
        eq(calls.numberDialed, line.dnis),
        gte(calls.callStartTime, line.effectiveFrom),
        or(isNull(calls.officeId), eq(calls.officeId, line.officeId)),
      ),
    )
    .returning({ id: calls.id });
  return claimed.length;
}
