import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from '../clients/clients.tables.ts';
import { dropdownOptions } from '../dropdowns/dropdowns.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * SPEC §3 Inquiry (a lead): one client's matter, with its intake answers. The leads list (SPEC §2)
 * reads lead owner, source, no-appointment reason and notes from here.
 */
export const inquiries = pgTable(
  'inquiries',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id),
    officeId: uuid().references(() => offices.id),
    /** INQUIRY_LAW_TYPE dropdown option. */
    lawTypeId: uuid().references(() => dropdownOptions.id),
    caseDescription: text(),
    notes: text(),
    source: text(),
    noApptReason: text(),
    leadOwnerId: uuid().references(() => users.id),
    /** SPEC §3 clientIntake.mvaResponse.incidentDateTime. */
    incidentDateTime: timestamp({ withTimezone: true }),
    /** Answers to the law type's intake questions, by question id. */
    intakeAnswers: jsonb().$type<Record<string, string>>().notNull().default({}),
    createdById: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inquiries_client_idx').on(t.clientId),
    index('inquiries_office_idx').on(t.officeId),
    // Leads of a period by office (the dashboards' leads figures and trend), read off the index alone.
    index('inquiries_created_at_idx').on(t.createdAt, t.officeId),
  ],
);

/** SPEC §3 intakeOpposingParty: the party on the other side, checked for conflicts of interest. */
export const inquiryOpposingParties = pgTable(
  'inquiry_opposing_parties',
  {
    id: uuid().primaryKey().defaultRandom(),
    inquiryId: uuid()
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    firstName: text(),
    middleName: text(),
    lastName: text(),
    dateOfBirth: date({ mode: 'string' }),
    phoneNumber: text(),
    lmsClientNumber: text(),
  },
  (t) => [
    unique('inquiry_opposing_parties_inquiry_key').on(t.inquiryId),
    check('inquiry_opposing_parties_phone_digits', sql`${t.phoneNumber} ~ '^[0-9]+$'`),
  ],
);

/** Law-type-specific intake questions (GET /api/v1/intake/questions); answers live on the inquiry. */
export const intakeQuestions = pgTable(
  'intake_questions',
  {
    id: uuid().primaryKey().defaultRandom(),
    lawType: text().notNull(),
    question: text().notNull(),
    answerType: text({ enum: ['TEXT', 'YES_NO', 'DATE', 'CHOICE'] }).notNull(),
    choices: jsonb().$type<string[]>(),
    required: boolean().notNull().default(false),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [index('intake_questions_law_type_idx').on(t.lawType, t.sortOrder)],
);
