import { index, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { accessProfiles } from '../access/access.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * A user as the firm's directory knows them (SCIM or Microsoft Graph): its own id for them and the sign-in
 * name it sent. A user the directory deleted keeps their row here (deletedAt) and in users, disabled: their
 * history and audit trail name them.
 */
export const directoryAccounts = pgTable(
  'directory_accounts',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text({ enum: ['SCIM', 'GRAPH'] }).notNull(),
    externalId: text(),
    userName: text().notNull(),
    deletedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('directory_accounts_source_external_key').on(t.source, t.externalId)],
);

/** A directory group; members of a group mapped to a profile get that profile's permissions. */
export const directoryGroups = pgTable(
  'directory_groups',
  {
    id: uuid().primaryKey().defaultRandom(),
    source: text({ enum: ['SCIM', 'GRAPH'] }).notNull(),
    externalId: text(),
    displayName: text().notNull(),
    profileId: uuid().references(() => accessProfiles.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('directory_groups_source_external_key').on(t.source, t.externalId)],
);

export const directoryGroupMembers = pgTable(
  'directory_group_members',
  {
    groupId: uuid()
      .notNull()
      .references(() => directoryGroups.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('directory_group_members_user_idx').on(t.userId)],
);

/**
 * One row per directory that we pull from (Microsoft Graph): where its next delta round starts, who holds
 * the sync now (a lease, so two runs never overlap across instances) and how the last run went.
 */
export const directorySyncStates = pgTable('directory_sync_states', {
  source: text({ enum: ['GRAPH'] }).primaryKey(),
  /** Graph's @odata.deltaLink of the last complete round; null: the next sync reads every user. */
  deltaLink: text(),
  leaseUntil: timestamp({ withTimezone: true }),
  lastTrigger: text({ enum: ['manual', 'nightly'] }),
  lastMode: text({ enum: ['full', 'delta'] }),
  lastStartedAt: timestamp({ withTimezone: true }),
  lastFinishedAt: timestamp({ withTimezone: true }),
  lastCounts: jsonb().$type<{
    created: number;
    updated: number;
    disabled: number;
    deleted: number;
    unchanged: number;
    failed: number;
  }>(),
  lastError: text(),
});
