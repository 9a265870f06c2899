import { APPT_STATUSES } from '@casedesk/contract/appointments/row-colour';
import { APPOINTMENT_TYPES } from '@casedesk/contract/appointments/appointment';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { attorneys } from '../attorneys/attorneys.tables.ts';
import { calls } from '../calls/calls.tables.ts';
import { clients } from '../clients/clients.tables.ts';
import { dropdownOptions } from '../dropdowns/dropdowns.tables.ts';
import { inquiries } from '../inquiries/inquiries.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';

/** SPEC §3 appointment stages with the firm's integer ids (117 is set on save, SPEC §9). */
export const appointmentStages = pgTable('appointment_stages', {
  id: integer().primaryKey(),
  name: text().notNull().unique(),
});

/**
 * SPEC §3 Appointment. The time it holds in the attorney's calendar is its calendar_events row, where
 * the exclusion constraint refuses any overlap with another appointment or event of the attorney.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id),
    inquiryId: uuid().references(() => inquiries.id),
    callId: uuid().references(() => calls.id),
    attorneyId: uuid()
      .notNull()
      .references(() => attorneys.id),
    officeId: uuid()
      .notNull()
      .references(() => offices.id),
    title: text(),
    adTitle: text(),
    notes: text(),
    appointmentDateTime: timestamp({ withTimezone: true }).notNull(),
    appointmentLength: integer().notNull().default(30),
    appointmentType: text({ enum: APPOINTMENT_TYPES }).notNull().default('In Office'),
    lawTypeId: uuid().references(() => dropdownOptions.id),
    stageId: integer()
      .notNull()
      .default(117)
      .references(() => appointmentStages.id),
    apptStatus: text({ enum: APPT_STATUSES }).notNull().default('NOT_CALLED'),
    flagged: boolean().notNull().default(false),
    followUpDate: date(),
    /** SPEC §4: the inquiry's appointment; set on patch, passed to the newest by booked date on delete. */
    isCurrent: boolean().notNull().default(false),
    sendWelcomeText: boolean().notNull().default(false),
    deletedAt: timestamp({ withTimezone: true }),
    bookedById: uuid().references(() => users.id),
    /** The booked date. */
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appointments_date_time_idx').on(t.appointmentDateTime),
    index('appointments_office_date_time_idx').on(t.officeId, t.appointmentDateTime),
    index('appointments_attorney_date_time_idx').on(t.attorneyId, t.appointmentDateTime),
    index('appointments_created_at_idx').on(t.createdAt),
    // The dashboards count a year of live appointments by office and stage from this index alone (docs/dashboards.md).
    index('appointments_live_time_idx')
      .on(t.appointmentDateTime, t.officeId, t.stageId)
      .where(sql`${t.deletedAt} is null`),
    index('appointments_client_idx').on(t.clientId),
    index('appointments_inquiry_idx').on(t.inquiryId),
    uniqueIndex('appointments_one_current_per_inquiry')
      .on(t.inquiryId)
      .where(sql`${t.isCurrent} and ${t.deletedAt} is null`),
    check('appointments_length', sql`${t.appointmentLength} in (15, 30, 60)`),
  ],
);
