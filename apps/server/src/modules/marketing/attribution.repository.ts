import type { Scope } from '@casedesk/contract/access/permissions';
import { APPOINTMENT_STAGES } from '@casedesk/contract/appointments/row-colour';
import { pageOffset } from '@casedesk/contract/common/paging';
import type {
  LeadTouches,
  SourceMonthCalls,
  SourceMonthSpend,
  SpendEntry,
} from '@casedesk/contract/marketing/attribution';
import type { UnresolvedDnisRequest, UnresolvedDnisRow } from '@casedesk/contract/marketing/tracking-line';
import type { SQL } from 'drizzle-orm';
import { and, count, eq, gte, isNull, lt, max, min, notExists, or, sql } from 'drizzle-orm';
import type { Database, Db } from '../../platform/db/database.ts';
import { listPage } from '../../platform/db/list-page.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { appointments } from '../appointments/appointments.tables.ts';
import { calls } from '../calls/calls.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { marketingSpendEntries, mappingInForceAt, trackingLineMappings } from './marketing.tables.ts';

const SIGNED_STAGE = APPOINTMENT_STAGES.find((s) => s.name === 'Signed')!.id;

/** The report's instants: the first moment of monthFrom and of the month after monthTo, in the zone. */
export interface AttributionWindow {
  monthFrom: string;
  monthTo: string;
  timeZone: string;
}

const startOf = (month: string, timeZone: string) => sql`(${`${month}-01`}::timestamp at time zone ${timeZone})`;
const endOf = (month: string, timeZone: string) =>
  sql`((${`${month}-01`}::timestamp + interval '1 month') at time zone ${timeZone})`;

/** Inbound calls with the source of the mapping in force when each came in, in the caller's offices. */
function trackedCalls(db: Db, window: AttributionWindow, scope: Scope) {
  return db
    .select({
      id: calls.id,
      callerId: calls.callerId,
      inquiryId: calls.inquiryId,
      callStartTime: calls.callStartTime,
      source: trackingLineMappings.source,
    })
    .from(calls)
    .innerJoin(trackingLineMappings, mappingInForceAt(calls.trackingLineId, calls.callStartTime))
    .where(
      and(
        eq(calls.direction, 'INBOUND'),
        lt(calls.callStartTime, endOf(window.monthTo, window.timeZone)),
        officeScopeSql(calls.officeId, scope),
      ),
    )
    .as('tracked');
}

const monthOf = (column: SQL, timeZone: string) => sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM')`;

/** Calls and distinct callers per source and month. */
export async function countCallsBySourceMonth(
  db: Db,
  window: AttributionWindow,
  scope: Scope,
): Promise<SourceMonthCalls[]> {
  const tracked = trackedCalls(db, window, scope);
  const month = monthOf(sql`${tracked.callStartTime}`, window.timeZone);
  const rows = await db
    .select({
      source: tracked.source,
      month: month.as('month'),
      calls: sql<number>`count(*)::int`,
      uniqueCallers: sql<number>`count(distinct ${tracked.callerId})::int`,
    })
    .from(tracked)
    .where(gte(tracked.callStartTime, startOf(window.monthFrom, window.timeZone)))
    .groupBy(tracked.source, sql`month`);
  return rows.map((r) => ({ ...r, calls: Number(r.calls), uniqueCallers: Number(r.uniqueCallers) }));
}

/**
 * Leads whose first tracked call falls in the window: an inquiry counts once however often it called,
 * first and last touch being the sources of its first and last tracked calls up to the window's end.
 */
export async function findLeadTouches(db: Db, window: AttributionWindow, scope: Scope): Promise<LeadTouches[]> {
  const tracked = trackedCalls(db, window, scope);
  const leads = db
    .select({
      inquiryId: tracked.inquiryId,
      firstTime: min(tracked.callStartTime).as('first_time'),
      firstSource: sql<string>`(array_agg(${tracked.source} order by ${tracked.callStartTime}, ${tracked.id}))[1]`.as(
        'first_source',
      ),
      lastSource:
        sql<string>`(array_agg(${tracked.source} order by ${tracked.callStartTime} desc, ${tracked.id} desc))[1]`.as(
          'last_source',
        ),
    })
    .from(tracked)
    .where(sql`${tracked.inquiryId} is not null`)
    .groupBy(tracked.inquiryId)
    .as('leads');
  // A lead's appointments: any not deleted is "set"; one at the Signed stage is a signed case. The lead's id is
  // named with its table: unqualified, inside the subquery it would be the appointment's own inquiry_id.
  const leadId = sql.raw('"leads"."inquiry_id"');
  const appointmentSet = sql<boolean>`exists (select 1 from ${appointments} a where a.inquiry_id = ${leadId} and a.deleted_at is null)`;
  const signed = sql<boolean>`exists (select 1 from ${appointments} a where a.inquiry_id = ${leadId} and a.deleted_at is null and a.stage_id = ${sql.raw(String(SIGNED_STAGE))})`;
  const rows = await db
    .select({
      month: monthOf(sql`${leads.firstTime}`, window.timeZone),
      firstSource: leads.firstSource,
      lastSource: leads.lastSource,
      appointmentSet,
      signed,
    })
    .from(leads)
    .where(gte(leads.firstTime, startOf(window.monthFrom, window.timeZone)));
  return rows.map((r) => ({ ...r, appointmentSet: Boolean(r.appointmentSet), signed: Boolean(r.signed) }));
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
