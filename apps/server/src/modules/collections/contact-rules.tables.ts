import { CONTACT_CHANNELS, CONTACT_RULE_KINDS } from '@casedesk/contract/collections/contact-rules';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';
import { collectionAccounts } from './collections.tables.ts';

/**
 * The contact rule table (docs/collections-contact-rules.md): one row per state that differs, and DEFAULT for
 * every other. Seeded by its migration, edited in collection management (audited).
 */
export const collectionContactRules = pgTable('collection_contact_rules', {
  state: text().primaryKey(),
  earliestHour: integer().notNull(),
  latestHour: integer().notNull(),
  maxCallAttempts: integer().notNull(),
  windowDays: integer().notNull(),
  quietDaysAfterConversation: integer().notNull(),
  updatedById: uuid().references(() => users.id),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The contact log for compliance: every collection call or text the guard was asked about, allowed or refused,
 * with the rule that refused it and when the contact would next have been allowed. Append-only.
 */
export const collectionContactAttempts = pgTable(
  'collection_contact_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid()
      .notNull()
      .references(() => collectionAccounts.id),
    channel: text({ enum: CONTACT_CHANNELS }).notNull(),
    toNumber: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    allowed: boolean().notNull(),
    rule: text({ enum: CONTACT_RULE_KINDS }),
    message: text(),
    nextAllowedAt: timestamp({ withTimezone: true }),
    /** The client's zone the rules were read in. */
    timeZone: text().notNull(),
    byId: uuid().references(() => users.id),
  },
  (t) => [
    index('collection_contact_attempts_account_idx').on(t.accountId, t.at),
    index('collection_contact_attempts_at_idx').on(t.at),
  ],
);
