import { NOTIFICATION_TYPES } from '@casedesk/contract/notifications/notification-types';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

/** SPEC §3 Notification: one row per recipient; notificationId is the id of what it is about (a text, a call, an account). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    notificationType: text({ enum: NOTIFICATION_TYPES }).notNull(),
    notificationId: uuid().notNull(),
    description: text().notNull(),
    read: boolean().notNull().default(false),
    /** Clear all hides a notification from the list without losing the record. */
    cleared: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.cleared, t.createdAt)],
);
