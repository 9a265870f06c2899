import type { CalendarEventKind } from '@casedesk/contract/calendar/calendar-event';
import type { ScheduleEntry } from '@casedesk/contract/attorneys/attorney-schedule';
import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { param, preparedSql } from '../../platform/db/prepared.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import { attorneySchedules, calendarEvents, holidays } from './calendar.tables.ts';

export type CalendarEventRow = typeof calendarEvents.$inferSelect;

export async function findSchedules(db: Db, attorneyIds: string[]) {
  if (attorneyIds.length === 0) return [];
  return db
    .select()
    .from(attorneySchedules)
    .where(inArray(attorneySchedules.attorneyId, attorneyIds))
    .orderBy(asc(attorneySchedules.dayOfWeek), asc(attorneySchedules.startTime));
}

/** Replaces an attorney's weekly schedule in the caller's transaction. */
export async function replaceSchedule(db: Db, attorneyId: string, entries: ScheduleEntry[]): Promise<void> {
  await db.delete(attorneySchedules).where(eq(attorneySchedules.attorneyId, attorneyId));
  if (entries.length) await db.insert(attorneySchedules).values(entries.map((e) => ({ ...e, attorneyId })));
}

/**
 * Live events of the attorneys overlapping [from, to). Written as the exclusion constraint's own
 * expression, so its GiST index (attorney_id, tstzrange) answers it.
 */
function liveOverlapping(attorneyIds: string[], from: Date, to: Date) {
  return and(
    inArray(calendarEvents.attorneyId, attorneyIds),
    sql`tstzrange(${calendarEvents.startsAt}, ${calendarEvents.endsAt}) && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)`,
    isNull(calendarEvents.cancelledAt),
  );
}

/**
 * Busy time of the attorneys overlapping [from, to), as epoch milliseconds. A week of a hundred attorneys is
 * thousands of rows: numbers from PostgreSQL skip a Date per timestamp and Drizzle's row mapping, which were a
 * quarter of the availability route's CPU. date_part is a float8 (extract's numeric costs PostgreSQL ten times
 * as much per row); rounding it is exact because every stored time came from a Date, in whole milliseconds.
 * The condition is liveOverlapping's, with the ids as one array.
 */
export async function findBusy(
  db: Db,
  attorneyIds: string[],
  from: Date,
  to: Date,
): Promise<{ attorneyId: string; start: number; end: number }[]> {
  if (attorneyIds.length === 0) return [];
  const rows = await preparedSql<{ attorney_id: string; start_ms: number; end_ms: number }>(
    db,
    'calendar_busy_runs',
    () => sql`SELECT attorney_id,
        round(date_part('epoch', starts_at) * 1000) AS start_ms,
        round(date_part('epoch', ends_at) * 1000) AS end_ms
      FROM calendar_events
      WHERE attorney_id = ANY(${param('attorneyIds')}::uuid[])
        AND tstzrange(starts_at, ends_at) && tstzrange(${param('from')}::timestamptz, ${param('to')}::timestamptz)
        AND cancelled_at IS NULL`,
  ).execute({ attorneyIds, from: from.toISOString(), to: to.toISOString() });
  return rows.map((row) => ({ attorneyId: row.attorney_id, start: row.start_ms, end: row.end_ms }));
}

export async function findEvents(db: Db, attorneyIds: string[], from: Date, to: Date, kinds?: CalendarEventKind[]) {
  if (attorneyIds.length === 0) return [];
  return db
    .select()
    .from(calendarEvents)
    .where(and(liveOverlapping(attorneyIds, from, to), kinds ? inArray(calendarEvents.kind, kinds) : undefined))
    .orderBy(asc(calendarEvents.startsAt));
}

/** Resolves to the ids of the events moved (the calendar sync pushes them). */
export async function moveAppointmentEvent(
  db: Db,
  appointmentId: string,
  change: { attorneyId: string; startsAt: Date; endsAt: Date },
): Promise<string[]> {
  const rows = await db
    .update(calendarEvents)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(calendarEvents.appointmentId, appointmentId))
    .returning({ id: calendarEvents.id });
  return rows.map((r) => r.id);
}

/** A deleted appointment gives its time back. Resolves to the ids of the events cancelled. */
export async function cancelAppointmentEvent(db: Db, appointmentId: string): Promise<string[]> {
  const rows = await db
    .update(calendarEvents)
    .set({ cancelledAt: new Date(), updatedAt: new Date() })
    .where(and(eq(calendarEvents.appointmentId, appointmentId), isNull(calendarEvents.cancelledAt)))
    .returning({ id: calendarEvents.id });
  return rows.map((r) => r.id);
}

/** Holidays between two dates that apply to an office (firm-wide ones have no office). */
export async function findHolidays(db: Db, from: string, to: string, officeIds?: string[]) {
  return db
    .select()
    .from(holidays)
    .where(
      and(
        gte(holidays.date, from),
        lte(holidays.date, to),
        officeIds ? or(isNull(holidays.officeId), inArray(holidays.officeId, officeIds)) : undefined,
      ),
    )
    .orderBy(asc(holidays.date));
}
export type HolidayRow = typeof holidays.$inferSelect;

/** A user's office, whether or not they are an attorney; undefined for an unknown user. */
export async function findUserOffice(db: Db, userId: string): Promise<{ officeId: string | null } | undefined> {
  const [row] = await db.select({ officeId: users.officeId }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function officeExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: offices.id }).from(offices).where(eq(offices.id, id)).limit(1);
  return Boolean(row);
}

export async function insertHoliday(db: Db, values: { date: string; name: string; officeId: string | null }) {
  const [row] = await db.insert(holidays).values(values).onConflictDoNothing().returning();
  return row;
}

/** The holiday, locked until the caller's transaction ends, so its office is judged as it is when changed. */
export async function findHolidayForUpdate(db: Db, id: string) {
  const [row] = await db.select().from(holidays).where(eq(holidays.id, id)).for('update');
  return row;
}

export async function updateHoliday(
  db: Db,
  id: string,
  values: { date: string; name: string; officeId: string | null },
) {
  const [row] = await db.update(holidays).set(values).where(eq(holidays.id, id)).returning();
  return row;
}

export async function deleteHoliday(db: Db, id: string) {
  const [row] = await db.delete(holidays).where(eq(holidays.id, id)).returning();
  return row;
}
