import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../clients/clients.tables.ts';
import { inquiries } from '../inquiries/inquiries.tables.ts';
import { users } from '../users/users.tables.ts';

/** SPEC §3 Call. The communication issue adds the provider fields; leads count calls in and out from here. */
export const calls = pgTable(
  'calls',
  {
    id: uuid().primaryKey().defaultRandom(),
    direction: text({ enum: ['INBOUND', 'OUTBOUND'] }).notNull(),
    durationInSeconds: integer(),
    callStartTime: timestamp({ withTimezone: true }).notNull().defaultNow(),
    callerId: text(),
    numberDialed: text(),
    inquiryId: uuid().references(() => inquiries.id),
    clientId: uuid().references(() => clients.id),
    operatorId: uuid().references(() => users.id),
  },
  (t) => [
    index('calls_inquiry_idx').on(t.inquiryId),
    index('calls_client_idx').on(t.clientId),
    check('calls_duration_not_negative', sql`${t.durationInSeconds} >= 0`),
  ],
);
