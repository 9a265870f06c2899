import { CALENDAR_EVENT_KINDS, CALENDAR_SYNC_STATES } from '@casedesk/contract/calendar/calendar-event';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { appointments } from '../appointments/appointments.tables.ts';
import { attorneys } from '../attorneys/attorneys.tables.ts';
import { offices } from '../offices/offices.tables.ts';

/**
 * SPEC §3 attorney or calendar event: an attorney's busy time. Appointments hold theirs here too, so one
 * exclusion constraint (migration 0009, btree_gist over tstzrange) keeps every attorney free of overlaps.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    attorneyId: uuid()
      .notNull()
      .references(() => attorneys.id),
    appointmentId: uuid()
      .unique()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    kind: text({ enum: CALENDAR_EVENT_KINDS }).notNull(),
    subject: text().notNull(),
    notes: text(),
    location: text(),
    attendees: jsonb().$type<string[]>().notNull().default([]),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    /** A cancelled event no longer holds its time. */
    cancelledAt: timestamp({ withTimezone: true }),
    /** The event's id at the calendar provider (Microsoft Graph) once written there. */
    externalId: text(),
    /** The mailbox (attorney's address) that holds externalId: a reassigned event moves between mailboxes. */
    externalMailbox: text(),
    syncState: text({ enum: CALENDAR_SYNC_STATES }).notNull().default('LOCAL'),
    /** Failed pushes since the last change (calendar-sync.ts); FAILED once it reaches the limit. */
    syncAttempts: integer().notNull().default(0),
    /** The provider's last error (status and code, never event contents). */
    syncError: text(),
    /** A sync job holds the row until then, so two workers never push the same event at once. */
    syncLeaseUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Range queries use the GiST index of the exclusion constraint (migration 0009), so no btree on the times.
  (t) => [
    check('calendar_events_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    // The sync sweep reads only rows still to push, a handful among many LOCAL or SYNCED ones.
    index('calendar_events_unsynced_idx')
      .on(t.updatedAt)
      .where(sql`${t.syncState} in ('PENDING', 'FAILED')`),
  ],
);

/** Weekly working windows of an attorney (SPEC §3 schedule entries: dayOfWeek, lawType, jurisdiction). */
export const attorneySchedules = pgTable(
  'attorney_schedules',
  {
    id: uuid().primaryKey().defaultRandom(),
    attorneyId: uuid()
      .notNull()
      .references(() => attorneys.id, { onDelete: 'cascade' }),
    /** 0 Sunday … 6 Saturday */
    dayOfWeek: integer().notNull(),
    /** 'HH:mm' wall-clock time in the attorney's office zone */
    startTime: text().notNull(),
    endTime: text().notNull(),
    lawType: text(),
    jurisdiction: text(),
  },
  (t) => [
    index('attorney_schedules_attorney_idx').on(t.attorneyId),
    check('attorney_schedules_day', sql`${t.dayOfWeek} between 0 and 6`),
    check(
      'attorney_schedules_clock',
      sql`${t.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.endTime} ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$'`,
    ),
    check('attorney_schedules_order', sql`${t.endTime} > ${t.startTime}`),
  ],
);

/** Holidays block whole days, for every office or for one. */
export const holidays = pgTable(
  'holidays',
  {
    id: uuid().primaryKey().defaultRandom(),
    date: date().notNull(),
    name: text().notNull(),
    officeId: uuid().references(() => offices.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('holidays_date_office').on(t.date, t.officeId).nullsNotDistinct()],
);
