import { DRAFT_KINDS, DRAFT_STATUSES } from '@casedesk/contract/mail/draft';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../clients/clients.tables.ts';
import { collectionAccounts } from '../collections/collections.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import { mailLetters, mailOutbox } from './mail.tables.ts';

/**
 * Drafts of letters and e-mails (docs/correspondence-drafts.md). A draft changes freely while DRAFT; approval
 * (by someone not among `writer_ids`) stores who, when and the content's SHA-256 and freezes it: migration 0042's
 * triggers refuse any change of its content or attachments and its deletion from then on. Sending or printing
 * it records the e-mail or letter it made.
 */
export const mailDrafts = pgTable(
  'mail_drafts',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text({ enum: DRAFT_KINDS }).notNull(),
    status: text({ enum: DRAFT_STATUSES }).notNull().default('DRAFT'),
    /** The office it goes out for (its MAIL scope). */
    officeId: uuid()
      .notNull()
      .references(() => offices.id),
    clientId: uuid().references(() => clients.id),
    collectionAccountId: uuid().references(() => collectionAccounts.id),
    /** The template it was built from; no foreign key: a template may be retired while its drafts stay. */
    templateId: uuid(),
    /** E-mail recipients; empty for a letter (it goes to the client's address). */
    toAddresses: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    subject: text().notNull(),
    body: text().notNull(),
    createdById: uuid()
      .notNull()
      .references(() => users.id),
    /** Everyone who wrote its content (the author and each who changed it): none of them may approve it. */
    writerIds: uuid().array().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    approvedById: uuid().references(() => users.id),
    approvedAt: timestamp({ withTimezone: true }),
    /** SHA-256 (hex) of the approved content and attachments (draft-hash.ts). */
    contentHash: text(),
    /** What the approved draft made: the outbox e-mail (SENT) or the saved letter (PRINTED). */
    mailId: uuid().references(() => mailOutbox.id),
    letterId: uuid().references(() => mailLetters.id),
    completedById: uuid().references(() => users.id),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('mail_drafts_office_idx').on(t.officeId, t.createdAt),
    index('mail_drafts_client_idx').on(t.clientId, t.createdAt),
    index('mail_drafts_account_idx').on(t.collectionAccountId, t.createdAt),
    index('mail_drafts_status_idx').on(t.status, t.createdAt),
    check('mail_drafts_kind_known', sql`${t.kind} in ('LETTER', 'EMAIL')`),
    check('mail_drafts_status_known', sql`${t.status} in ('DRAFT', 'APPROVED', 'SENT', 'PRINTED')`),
    check('mail_drafts_addressed', sql`${t.clientId} is not null or ${t.collectionAccountId} is not null`),
    check('mail_drafts_email_recipient', sql`${t.kind} <> 'EMAIL' or cardinality(${t.toAddresses}) >= 1`),
    check(
      'mail_drafts_approval_complete',
      sql`${t.status} = 'DRAFT' or (${t.approvedById} is not null and ${t.approvedAt} is not null and ${t.contentHash} is not null)`,
    ),
    check('mail_drafts_content_hash_hex', sql`${t.contentHash} is null or ${t.contentHash} ~ '^[0-9a-f]{64}$'`),
    // Four-eyes, held by the database too: the approver wrote none of it.
    check('mail_drafts_four_eyes', sql`${t.approvedById} is null or not (${t.approvedById} = any(${t.writerIds}))`),
    check(
      'mail_drafts_sent',
      sql`${t.status} <> 'SENT' or (${t.kind} = 'EMAIL' and ${t.mailId} is not null and ${t.completedAt} is not null)`,
    ),
    check(
      'mail_drafts_printed',
      sql`${t.status} <> 'PRINTED' or (${t.kind} = 'LETTER' and ${t.letterId} is not null and ${t.completedAt} is not null)`,
    ),
  ],
);

/** A draft's files: their bytes are in the file storage (platform/files) under the row's id. */
export const mailDraftAttachments = pgTable(
  'mail_draft_attachments',
  {
    id: uuid().primaryKey().defaultRandom(),
    draftId: uuid()
      .notNull()
      .references(() => mailDrafts.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    filename: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('mail_draft_attachments_position_key').on(t.draftId, t.position),
    check('mail_draft_attachments_size', sql`${t.size} between 1 and 10485760`),
    check('mail_draft_attachments_sha256_hex', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);
