import { CALL_STATUSES } from '@casedesk/contract/calls/call-status';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../clients/clients.tables.ts';
import { inquiries } from '../inquiries/inquiries.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { trackingLines } from '../marketing/marketing.tables.ts';
import { users } from '../users/users.tables.ts';
import { collectionAccounts } from '../collections/collections.tables.ts';

/** SPEC §3 Call, with what the calls list (SPEC §2 headers) and the provider need. */
export const calls = pgTable(
  'calls',
  {
    id: uuid().primaryKey().defaultRandom(),
    direction: text({ enum: ['INBOUND', 'OUTBOUND'] }).notNull(),
    durationInSeconds: integer(),
    callStartTime: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The calling number: the client for inbound calls, the office's outbound caller id for outbound ones. */
    callerId: text(),
    /** The called number: the tracking line (DNIS) for inbound calls, the participant for outbound ones. */
    numberDialed: text(),
    inquiryId: uuid().references(() => inquiries.id),
    clientId: uuid().references(() => clients.id),
    operatorId: uuid().references(() => users.id),
    officeId: uuid().references(() => offices.id),
    trackingLineId: uuid().references(() => trackingLines.id),
    /** A collection call or text: the account it works (the contact rules count these). */
    collectionAccountId: uuid().references(() => collectionAccounts.id),
    /** The operator's own phone, the first leg of a click-to-call. */
    operatorNumber: text(),
    title: text(),
    callResolution: text(),
    /** The same caller id called in the 30 days before this call. */
    duplicate: boolean().notNull().default(false),
    providerCallSid: text().unique(),
    status: text({ enum: CALL_STATUSES }).notNull().default('completed'),
    statusUpdatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('calls_collection_account_idx')
      .on(t.collectionAccountId, t.callStartTime)
      .where(sql`${t.collectionAccountId} is not null`),
    index('calls_inquiry_idx').on(t.inquiryId),
    index('calls_client_idx').on(t.clientId),
    index('calls_start_time_idx').on(t.callStartTime),
    index('calls_office_start_time_idx').on(t.officeId, t.callStartTime),
    index('calls_caller_id_idx').on(t.callerId, t.callStartTime),
    // The call-centre dashboard's figures of today read every column they test from this index alone.
    index('calls_dashboard_idx').on(
      t.callStartTime,
      t.direction,
      t.status,
      t.durationInSeconds,
      t.officeId,
      t.operatorId,
    ),
    // The attribution report over millions of calls: each mapping version's inbound calls are one range of
    // this index (line, then time), read without the table (every column the report needs is in it).
    index('calls_inbound_line_time_idx')
      .on(t.trackingLineId, t.callStartTime, t.id, t.callerId, t.inquiryId, t.officeId)
      .where(sql`${t.direction} = 'INBOUND'`),
    check('calls_duration_not_negative', sql`${t.durationInSeconds} >= 0`),
  ],
);
