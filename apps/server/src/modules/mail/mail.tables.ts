import { LETTER_BATCH_STATES } from '@casedesk/contract/mail/letter';
import { MAIL_STATUSES } from '@casedesk/contract/mail/mail';
import { sql } from 'drizzle-orm';
import { check, customType, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../clients/clients.tables.ts';
import { collectionAccounts } from '../collections/collections.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';

/** PostgreSQL bytea as a Buffer (node-postgres gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The outbox (DESIGN §1 mail): every e-mail the app sends, written QUEUED with its attachments in one
 * transaction and delivered over SMTP by the `mail.send` job. Its id is the Message-ID it goes out with, so a
 * retry or a second instance never makes a second message.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The office it is sent for (its MAIL scope); null only for mail queued before offices were recorded. */
    officeId: uuid().references(() => offices.id),
    toAddresses: text().array().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    clientId: uuid().references(() => clients.id),
    collectionAccountId: uuid().references(() => collectionAccounts.id),
    createdById: uuid().references(() => users.id),
    status: text({ enum: MAIL_STATUSES }).notNull().default('QUEUED'),
    /** Delivery attempts so far; each try of the job counts one. */
    attempts: integer().notNull().default(0),
    lastError: text(),
    /** While SENDING: the attempt's lease; another run leaves the row alone until it has passed. */
    claimedUntil: timestamp({ withTimezone: true }),
    /** The SMTP server's answer to the accepted message. */
    smtpResponse: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_client_idx').on(t.clientId, t.createdAt),
    index('mail_outbox_office_idx').on(t.officeId, t.createdAt),
    index('mail_outbox_account_idx').on(t.collectionAccountId, t.createdAt),
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('QUEUED', 'SENDING')`),
    check('mail_outbox_status_known', sql`${t.status} in ('QUEUED', 'SENDING', 'SENT', 'FAILED')`),
    check('mail_outbox_sent_at', sql`${t.status} <> 'SENT' or ${t.sentAt} is not null`),
    check('mail_outbox_has_recipient', sql`cardinality(${t.toAddresses}) >= 1`),
  ],
);

/** The files of an outbox e-mail: their bytes are in the file storage (platform/files) under the row's id. */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    id: uuid().primaryKey().defaultRandom(),
    mailId: uuid()
      .notNull()
      .references(() => mailOutbox.id),
    position: integer().notNull(),
    filename: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('mail_attachments_position_key').on(t.mailId, t.position),
    check('mail_attachments_size', sql`${t.size} between 1 and 10485760`),
    check('mail_attachments_sha256_hex', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * What the embedded SMTP server received (DESIGN §1: in demo mode nothing leaves the machine): each message as
 * it arrived, parsed. Not deduplicated: a message delivered twice is two rows with one Message-ID.
 */
export const mailCaptured = pgTable(
  'mail_captured',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The Message-ID header as sent, angle brackets included. */
    messageId: text(),
    /** The outbox row the Message-ID names, when it is one of ours (no foreign key: this is the receiving side). */
    mailId: uuid(),
    envelopeFrom: text(),
    envelopeTo: text().array().notNull(),
    fromHeader: text(),
    toHeader: text(),
    subject: text(),
    text: text(),
    /** Every header line as [name, value] pairs, in order. */
    headers: jsonb().$type<[string, string][]>().notNull(),
    size: integer().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_captured_mail_idx').on(t.mailId)],
);

export const mailCapturedAttachments = pgTable(
  'mail_captured_attachments',
  {
    id: uuid().primaryKey().defaultRandom(),
    capturedId: uuid()
      .notNull()
      .references(() => mailCaptured.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    filename: text(),
    contentType: text().notNull(),
    size: integer().notNull(),
    content: bytea().notNull(),
  },
  (t) => [unique('mail_captured_attachments_position_key').on(t.capturedId, t.position)],
);

/** A batch of letters (one per client of a list) made by the `mail.letterBatch` job; its requester follows it. */
export const mailLetterBatches = pgTable(
  'mail_letter_batches',
  {
    id: uuid().primaryKey().defaultRandom(),
    officeId: uuid()
      .notNull()
      .references(() => offices.id),
    subject: text().notNull(),
    /** The body as written, placeholders unfilled; each letter keeps its own filled text. */
    body: text().notNull(),
    state: text({ enum: LETTER_BATCH_STATES }).notNull().default('QUEUED'),
    total: integer().notNull(),
    done: integer().notNull().default(0),
    error: text(),
    requestedById: uuid()
      .notNull()
      .references(() => users.id),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('mail_letter_batches_requested_idx').on(t.requestedById, t.requestedAt),
    check('mail_letter_batches_state_known', sql`${t.state} in ('QUEUED', 'RUNNING', 'DONE', 'FAILED')`),
  ],
);

/**
 * Letters saved on a client (or collection account): the PDF's bytes are in the file storage under the row's
 * id. A batch's letters are written PENDING with the batch and STORED by its job; a single letter is STORED at
 * once.
 */
export const mailLetters = pgTable(
  'mail_letters',
  {
    id: uuid().primaryKey().defaultRandom(),
    officeId: uuid()
      .notNull()
      .references(() => offices.id),
    clientId: uuid().references(() => clients.id),
    collectionAccountId: uuid().references(() => collectionAccounts.id),
    batchId: uuid().references(() => mailLetterBatches.id),
    subject: text().notNull(),
    /** The letter's text as printed (placeholders filled). */
    body: text().notNull(),
    status: text({ enum: ['PENDING', 'STORED'] })
      .notNull()
      .default('PENDING'),
    size: integer(),
    sha256: text(),
    pages: integer(),
    createdById: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    storedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('mail_letters_client_idx').on(t.clientId, t.createdAt),
    index('mail_letters_office_idx').on(t.officeId, t.createdAt),
    index('mail_letters_account_idx').on(t.collectionAccountId, t.createdAt),
    index('mail_letters_batch_idx').on(t.batchId, t.status),
    check('mail_letters_status_known', sql`${t.status} in ('PENDING', 'STORED')`),
    check(
      'mail_letters_stored_complete',
      sql`${t.status} <> 'STORED' or (${t.size} is not null and ${t.sha256} is not null and ${t.pages} is not null and ${t.storedAt} is not null)`,
    ),
    check('mail_letters_addressed', sql`${t.clientId} is not null or ${t.collectionAccountId} is not null`),
  ],
);
