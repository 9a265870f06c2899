import { SMS_STATUSES } from '@casedesk/contract/sms/sms-status';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../clients/clients.tables.ts';
import { dropdownOptions } from '../dropdowns/dropdowns.tables.ts';
import { inquiries } from '../inquiries/inquiries.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import { collectionAccounts } from '../collections/collections.tables.ts';
import { mailOutbox } from '../mail/mail.tables.ts';

/** SPEC §3 Text message, with its provider id and delivery status. */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    direction: text({ enum: ['INBOUND', 'OUTBOUND'] }).notNull(),
    fromNumber: text().notNull(),
    toNumber: text().notNull(),
    /** The number on the far side (the client's): history by phone number reads one index. */
    participantNumber: text().generatedAlwaysAs(
      sql`CASE WHEN direction = 'OUTBOUND' THEN to_number ELSE from_number END`,
    ),
    body: text().notNull(),
    clientId: uuid().references(() => clients.id),
    inquiryId: uuid().references(() => inquiries.id),
    operatorId: uuid().references(() => users.id),
    officeId: uuid().references(() => offices.id),
    /** A collection call or text: the account it works (the contact rules count these). */
    collectionAccountId: uuid().references(() => collectionAccounts.id),
    collectorId: uuid().references(() => users.id),
    categoryId: uuid().references(() => dropdownOptions.id),
    reasonId: uuid().references(() => dropdownOptions.id),
    status: text({ enum: SMS_STATUSES }).notNull().default('queued'),
    statusUpdatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    errorCode: text(),
    providerMessageSid: text().unique(),
    /** Not sent before this instant: an automated text held to the client's allowed hours (contact rules). */
    sendAfter: timestamp({ withTimezone: true }),
    /** A retry of a failed text is a new message pointing at the one it retries. */
    retryOfId: uuid(),
    createdDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_messages_collection_account_idx')
      .on(t.collectionAccountId, t.createdDate)
      .where(sql`${t.collectionAccountId} is not null`),
    index('sms_messages_inquiry_idx').on(t.inquiryId),
    index('sms_messages_client_idx').on(t.clientId, t.createdDate),
    index('sms_messages_participant_idx').on(t.participantNumber, t.createdDate),
    index('sms_messages_created_idx').on(t.createdDate),
    index('sms_messages_office_created_idx').on(t.officeId, t.createdDate),
  ],
);

/** Opt-out state of a phone number (TCPA): a number here with optedOut=true is never texted. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phoneNumber: text().primaryKey(),
  optedOut: boolean().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Every opt-out and opt-in, append-only: the keyword and the message that carried it. */
export const smsOptOutEvents = pgTable(
  'sms_opt_out_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    phoneNumber: text().notNull(),
    action: text({ enum: ['OPT_OUT', 'OPT_IN'] }).notNull(),
    keyword: text().notNull(),
    messageId: uuid().references(() => smsMessages.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_opt_out_events_phone_idx').on(t.phoneNumber, t.createdAt)],
);

/** SPEC §3 Canned text: a saved message of one user, or of an office when userId is null. */
export const cannedTexts = pgTable(
  'canned_texts',
  {
    id: uuid().primaryKey().defaultRandom(),
    message: text().notNull(),
    officeId: uuid().references(() => offices.id),
    userId: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('canned_texts_office_idx').on(t.officeId), index('canned_texts_user_idx').on(t.userId)],
);

/**
 * A review request: the chat options Send Review (a mail) and Send Review via text (SPEC §2). Written with
 * the text or mail it sent, in the same statement or transaction, so the review report reads one small
 * table instead of the audit trail. Rows before this table were filled from the audit trail by migration.
 */
export const reviewRequests = pgTable(
  'review_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    channel: text({ enum: ['MAIL', 'TEXT'] }).notNull(),
    clientId: uuid().references(() => clients.id),
    inquiryId: uuid().references(() => inquiries.id),
    officeId: uuid().references(() => offices.id),
    /** Who sent it. */
    operatorId: uuid().references(() => users.id),
    smsMessageId: uuid()
      .unique()
      .references(() => smsMessages.id),
    mailId: uuid()
      .unique()
      .references(() => mailOutbox.id),
    /** The client's number it was texted to (a mail: the client's number then); replies come from it. */
    phoneNumber: text(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('review_requests_sent_at_idx').on(t.sentAt),
    index('review_requests_office_sent_at_idx').on(t.officeId, t.sentAt),
    check(
      'review_requests_channel_record',
      sql`(${t.channel} = 'TEXT' and ${t.smsMessageId} is not null and ${t.mailId} is null) or (${t.channel} = 'MAIL' and ${t.mailId} is not null and ${t.smsMessageId} is null)`,
    ),
  ],
);
