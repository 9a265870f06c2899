import { PHOTO_CONTENT_TYPES } from '@casedesk/contract/users/user-photo';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../modules/users/users.tables.ts';

export const FILE_PURPOSES = ['USER_PHOTO'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** PENDING: an upload location was handed out; STORED: the bytes arrived, were checked and are on disk. */
export const FILE_STATUSES = ['PENDING', 'STORED'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

/**
 * Uploaded files (DESIGN §1: the bytes live in the file storage, outside the web root; this is their
 * record). A row is made when an upload location is requested and completed when the bytes arrive.
 */
export const files = pgTable(
  'files',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Whose file it is (for a photo: the user it shows). */
    ownerUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who asked for the upload location (the owner, or an administrator). */
    requestedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    purpose: text({ enum: FILE_PURPOSES }).notNull(),
    status: text({ enum: FILE_STATUSES }).notNull().default('PENDING'),
    filename: text().notNull(),
    uploadExpiresAt: timestamp({ withTimezone: true }).notNull(),
    contentType: text({ enum: PHOTO_CONTENT_TYPES }),
    size: integer(),
    sha256: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    storedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('files_owner_idx').on(t.ownerUserId),
    check(
      'files_stored_complete',
      sql`${t.status} <> 'STORED' or (${t.contentType} is not null and ${t.size} is not null and ${t.sha256} is not null and ${t.storedAt} is not null)`,
    ),
    check('files_purpose_known', sql`${t.purpose} in ('USER_PHOTO')`),
    check('files_status_known', sql`${t.status} in ('PENDING', 'STORED')`),
    check('files_content_type_image', sql`${t.contentType} in ('image/png', 'image/jpeg', 'image/webp')`),
    check('files_size_range', sql`${t.size} between 1 and 2097152`),
    check('files_sha256_hex', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);
