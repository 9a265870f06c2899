import type { Scope } from '@casedesk/contract/access/permissions';
import type { AttorneySummary } from '@casedesk/contract/attorneys/attorney-list';
import { LITIGATION_EVENT_KINDS } from '@casedesk/contract/calendar/calendar-event';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { attorneySchedules, calendarEvents } from '../calendar/calendar.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import { attorneys } from './attorneys.tables.ts';

const scheduleEntries = sql<number>`(select count(*)::int from ${attorneySchedules} where ${attorneySchedules.attorneyId} = ${attorneys.id})`;

/**
 * Attorneys of enabled users within an office scope, by name: the /management/attorney list
 * (one query, the schedule size counted by a correlated subquery on its attorney index).
 */
export async function findAttorneySummaries(
  db: Db,
  scope: Scope,
  filter: { attorneyIds?: string[]; litigationOnly?: boolean } = {},
): Promise<AttorneySummary[]> {
  if (scope.kind === 'none') return [];
  return db
    .select({
      id: attorneys.id,
      name: users.displayName,
      email: users.mail,
      officeId: attorneys.officeId,
      officeName: offices.name,
      lawType: attorneys.lawType,
      jurisdiction: attorneys.jurisdiction,
      zoomLink: attorneys.zoomLink,
      isLitigation: attorneys.isLitigation,
      scheduleEntries,
    })
    .from(attorneys)
    .innerJoin(users, eq(users.id, attorneys.userId))
    .innerJoin(offices, eq(offices.id, attorneys.officeId))
    .where(
      and(
        eq(users.accountEnabled, true),
        officeScopeSql(attorneys.officeId, scope),
        filter.attorneyIds ? inArray(attorneys.id, filter.attorneyIds) : undefined,
        filter.litigationOnly ? eq(attorneys.isLitigation, true) : undefined,
      ),
    )
    .orderBy(asc(users.displayName), asc(attorneys.id));
}

/**
 * Live arbitration, mediation and trial events of the attorneys overlapping [from, to), written as the
 * exclusion constraint's own expression so its GiST index (attorney_id, tstzrange) answers it.
 */
export async function findLitigationEvents(db: Db, attorneyIds: string[], from: Date, to: Date) {
  if (attorneyIds.length === 0) return [];
  return db
    .select()
    .from(calendarEvents)
    .where(
      and(
        inArray(calendarEvents.attorneyId, attorneyIds),
        sql`tstzrange(${calendarEvents.startsAt}, ${calendarEvents.endsAt}) && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)`,
        isNull(calendarEvents.cancelledAt),
        inArray(calendarEvents.kind, [...LITIGATION_EVENT_KINDS]),
      ),
    )
    .orderBy(asc(calendarEvents.startsAt), asc(calendarEvents.id));
}

/** A user and, when the user is an attorney, that attorney's id (for /user/allCalendars). */
export async function findUserWithAttorney(db: Db, userId: string) {
  const [row] = await db
    .select({
      userId: users.id,
      name: users.displayName,
      mail: users.mail,
      attorneyId: attorneys.id,
      /** An attorney's calendar belongs to their attorney office; anyone else's to their own office. */
      officeId: sql<string | null>`coalesce(${attorneys.officeId}, ${users.officeId})`,
    })
    .from(users)
    .leftJoin(attorneys, eq(attorneys.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Attorneys with their office and zone, optionally filtered; the availability table's rows. */
export async function findAttorneys(
  db: Db,
  filter: { attorneyIds?: string[]; userIds?: string[]; litigationOnly?: boolean; officeScope?: Scope },
) {
  return db
    .select({
      attorneyId: attorneys.id,
      userId: attorneys.userId,
      attorney: users.displayName,
      email: users.mail,
      officeId: attorneys.officeId,
      officeName: offices.name,
      timeZone: offices.timeZone,
      /** An inactive office's attorneys are offered for no new booking. */
      officeStatus: offices.status,
      lawType: attorneys.lawType,
      jurisdiction: attorneys.jurisdiction,
      zoomLink: attorneys.zoomLink,
      isLitigation: attorneys.isLitigation,
    })
    .from(attorneys)
    .innerJoin(users, eq(users.id, attorneys.userId))
    .innerJoin(offices, eq(offices.id, attorneys.officeId))
    .where(
      and(
        filter.attorneyIds ? inArray(attorneys.id, filter.attorneyIds) : undefined,
        filter.userIds ? inArray(attorneys.userId, filter.userIds) : undefined,
        filter.litigationOnly ? eq(attorneys.isLitigation, true) : undefined,
        filter.officeScope ? officeScopeSql(attorneys.officeId, filter.officeScope) : undefined,
        eq(users.accountEnabled, true),
      ),
    )
    .orderBy(asc(users.displayName), asc(attorneys.id));
}
export type AttorneyInfo = Awaited<ReturnType<typeof findAttorneys>>[number];

export async function setLitigation(db: Db, attorneyId: string, isLitigation: boolean) {
  const [row] = await db.update(attorneys).set({ isLitigation }).where(eq(attorneys.id, attorneyId)).returning();
  return row;
}

/** The attorney now works for another office; appointments already booked keep the office they were booked in. */
export async function setAttorneyOffice(db: Db, attorneyId: string, officeId: string) {
  const [row] = await db.update(attorneys).set({ officeId }).where(eq(attorneys.id, attorneyId)).returning();
  return row;
}
