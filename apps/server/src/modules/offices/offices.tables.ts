import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const offices = pgTable(
  'offices',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull().unique(),
    phone: text().notNull(),
    smsNumber: text().notNull(),
    outboundCallerId: text().notNull(),
    lmsOfficeId: text(),
    email: text(),
    streetAddress: text(),
    city: text(),
    state: text(),
    zip: text(),
    status: text({ enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    officeType: text({ enum: ['OFFICE', 'CALL_CENTER', 'CORPORATE'] })
      .notNull()
      .default('OFFICE'),
    // Slots are computed in the office's own time zone and stored as instants.
    timeZone: text().notNull().default('America/New_York'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('offices_phone_digits', sql`${t.phone} ~ '^[0-9]{10}$'`),
    check('offices_sms_number_digits', sql`${t.smsNumber} ~ '^[0-9]{10}$'`),
  ],
);
