import type { AccessLevel, Permission } from '@casedesk/contract/access/permission-schemas';
import { PERMISSION_TYPES } from '@casedesk/contract/access/permissions';
import { index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

/** One row per user and permission type, holding its access levels and their conditions (SPEC §3 Permission). */
export const permissions = pgTable(
  'permissions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionType: text({ enum: PERMISSION_TYPES }).notNull(),
    accessLevels: jsonb().$type<AccessLevel[]>().notNull(),
  },
  (t) => [unique('permissions_user_type_key').on(t.userId, t.permissionType)],
);

/** A named set of permissions (Operator, Manager of an office…) an administrator applies to many users. */
export const accessProfiles = pgTable('access_profiles', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull().unique(),
  permissions: jsonb().$type<Permission[]>().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who follows a profile: their permissions are the profile's, and a change to the profile reaches them.
 * Editing a follower's permissions by hand ends the following (the row goes).
 */
export const accessProfileMembers = pgTable(
  'access_profile_members',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileId: uuid()
      .notNull()
      .references(() => accessProfiles.id),
    since: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('access_profile_members_profile_idx').on(t.profileId)],
);
