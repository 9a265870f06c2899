import type { AccessLevel } from '@casedesk/contract/access/permissions';
import { PERMISSION_TYPES } from '@casedesk/contract/access/permissions';
import { jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
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
