import type { Scope } from '@casedesk/contract/access/permissions';
import type { CallSummaryGroup, ChatCountGroup } from '@casedesk/contract/reports/report';
import type { SQL } from 'drizzle-orm';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/database.ts';
import { anyOfficeScopeSql } from '../../platform/db/office-scope.ts';
import { calls } from '../calls/calls.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { smsMessages } from '../sms/sms.tables.ts';
import { mappingInForceAt, trackingLineMappings } from '../marketing/marketing.tables.ts';
import { users } from '../users/users.tables.ts';
import type { ReportWindow } from './report-window.ts';

/** The caller's local day of an instant, yyyy-MM-dd: in their named zone, else at their fixed offset. */
export function localDay(column: AnyPgColumn, window: ReportWindow): SQL<string> {
  if (window.timeZone) return sql<string>`to_char(${column} at time zone ${window.timeZone}::text, 'YYYY-MM-DD')`;
  return sql<string>`to_char((${column} at time zone 'UTC') + make_interval(mins => ${window.offsetMinutes}::int), 'YYYY-MM-DD')`;
}

/**
 * Rows of the window within the caller's offices: the union of the scopes of every permission that opens the
 * report (docs/reports.md), narrowed to one office when asked.
 */
export function windowConditions(
  column: AnyPgColumn,
  officeColumn: AnyPgColumn,
  window: ReportWindow,
  scopes: readonly Scope[],
) {
  return and(
    gte(column, window.from),
    lt(column, window.to),
    anyOfficeScopeSql(officeColumn, scopes),
    window.officeId ? eq(officeColumn, window.officeId) : undefined,
  );
}

export interface ChatCountRecord {
  key: string;
  label: string | null;
  inbound: number;
  outbound: number;
  total: number;
}

/** Texts in and out per office, operator or local day, in one grouped query. */
export async function countTexts(
  db: Db,
  groupBy: ChatCountGroup,
  window: ReportWindow,
  scopes: readonly Scope[],
): Promise<ChatCountRecord[]> {
  const groups: Record<ChatCountGroup, { key: SQL<string>; label: SQL<string | null> }> = {
    OFFICE: { key: sql<string>`coalesce(${smsMessages.officeId}::text, 'none')`, label: sql`${offices.name}` },
    OPERATOR: { key: sql<string>`coalesce(${smsMessages.operatorId}::text, 'none')`, label: sql`${users.displayName}` },
    DAY: { key: localDay(smsMessages.createdDate, window), label: sql`null::text` },
  };
  const { key, label } = groups[groupBy];
  const rows = await db
    .select({
      key: key.as('group_key'),
      label: sql<string | null>`min(${label})`,
      inbound: sql<number>`count(*) filter (where ${smsMessages.direction} = 'INBOUND')::int`,
      outbound: sql<number>`count(*) filter (where ${smsMessages.direction} = 'OUTBOUND')::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(smsMessages)
    .leftJoin(offices, eq(offices.id, smsMessages.officeId))
    .leftJoin(users, eq(users.id, smsMessages.operatorId))
    .where(windowConditions(smsMessages.createdDate, smsMessages.officeId, window, scopes))
    .groupBy(sql`group_key`);
  return rows.map((r) => ({ ...r, inbound: Number(r.inbound), outbound: Number(r.outbound), total: Number(r.total) }));
}

export interface CallSummaryRecord extends ChatCountRecord {
  answered: number;
  missed: number;
  duplicates: number;
  /** Sum of talk seconds of the answered calls (the average is taken over all groups too). */
  talkSeconds: number;
}

const FINAL = sql.raw(`('completed', 'busy', 'no-answer', 'canceled', 'failed')`);

/** Calls per tracking source, office or local day: in, out, answered, missed, duplicates, talk time. */
export async function summarizeCalls(
  db: Db,
  groupBy: CallSummaryGroup,
  window: ReportWindow,
  scopes: readonly Scope[],
): Promise<CallSummaryRecord[]> {
  const groups: Record<CallSummaryGroup, { key: SQL<string>; label: SQL<string | null> }> = {
    SOURCE: {
      key: sql<string>`coalesce(${trackingLineMappings.source}, 'none')`,
      label: sql`${trackingLineMappings.source}`,
    },
    OFFICE: { key: sql<string>`coalesce(${calls.officeId}::text, 'none')`, label: sql`${offices.name}` },
    DAY: { key: localDay(calls.callStartTime, window), label: sql`null::text` },
  };
  const { key, label } = groups[groupBy];
  const inbound = sql`${calls.direction} = 'INBOUND'`;
  const rows = await db
    .select({
      key: key.as('group_key'),
      label: sql<string | null>`min(${label})`,
      inbound: sql<number>`count(*) filter (where ${inbound})::int`,
      outbound: sql<number>`count(*) filter (where ${calls.direction} = 'OUTBOUND')::int`,
      total: sql<number>`count(*)::int`,
      answered: sql<number>`count(*) filter (where ${calls.durationInSeconds} > 0)::int`,
      missed: sql<number>`count(*) filter (where ${inbound} and ${calls.status} in ${FINAL} and coalesce(${calls.durationInSeconds}, 0) = 0)::int`,
      duplicates: sql<number>`count(*) filter (where ${inbound} and ${calls.duplicate})::int`,
      talkSeconds: sql<number>`coalesce(sum(${calls.durationInSeconds}) filter (where ${calls.durationInSeconds} > 0), 0)::bigint`,
    })
    .from(calls)
    .leftJoin(trackingLineMappings, mappingInForceAt(calls.trackingLineId, calls.callStartTime))
    .leftJoin(offices, eq(offices.id, calls.officeId))
    .where(windowConditions(calls.callStartTime, calls.officeId, window, scopes))
    .groupBy(sql`group_key`);
  return rows.map((r) => ({
    key: r.key,
    label: r.label,
    inbound: Number(r.inbound),
    outbound: Number(r.outbound),
    total: Number(r.total),
    answered: Number(r.answered),
    missed: Number(r.missed),
    duplicates: Number(r.duplicates),
    talkSeconds: Number(r.talkSeconds),
  }));
}

/** The names of the offices a report covers (the one asked for, else every one in the caller's scopes). */
export async function officeNamesOf(db: Db, scopes: readonly Scope[], officeId?: string): Promise<string[]> {
  const rows = await db
    .select({ name: offices.name })
    .from(offices)
    .where(and(anyOfficeScopeSql(offices.id, scopes), officeId ? eq(offices.id, officeId) : undefined))
    .orderBy(offices.name);
  return rows.map((r) => r.name);
}
