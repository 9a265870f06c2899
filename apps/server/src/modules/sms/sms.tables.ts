import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../clients/clients.tables.ts';
import { dropdownOptions } from '../dropdowns/dropdowns.tables.ts';
import { inquiries } from '../inquiries/inquiries.tables.ts';
import { users } from '../users/users.tables.ts';

/** SPEC §3 Text message. The communication issue adds delivery status; leads count texts in and out from here. */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    direction: text({ enum: ['INBOUND', 'OUTBOUND'] }).notNull(),
    fromNumber: text().notNull(),
    toNumber: text().notNull(),
    body: text().notNull(),
    clientId: uuid().references(() => clients.id),
    inquiryId: uuid().references(() => inquiries.id),
    operatorId: uuid().references(() => users.id),
    categoryId: uuid().references(() => dropdownOptions.id),
    reasonId: uuid().references(() => dropdownOptions.id),
    createdDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_messages_inquiry_idx').on(t.inquiryId),
    index('sms_messages_client_idx').on(t.clientId, t.createdDate),
  ],
);
