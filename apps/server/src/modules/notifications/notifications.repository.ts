import type { PermissionType, Scope } from '@casedesk/contract/access/permissions';
import type { Notification, NotificationTextMessage } from '@casedesk/contract/notifications/notification';
import type { SQL } from 'drizzle-orm';
import { and, asc, count, desc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/database.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { permissions } from '../access/access.tables.ts';
import { dropdownOptions } from '../dropdowns/dropdowns.tables.ts';
import { smsMessages } from '../sms/sms.tables.ts';
import { users } from '../users/users.tables.ts';
import type { NotificationType } from '@casedesk/contract/notifications/notification-types';
import { notifications } from './notifications.tables.ts';

type NotificationRow = typeof notifications.$inferSelect;

export interface NotificationInsert {
  userId: string;
  notificationType: NotificationType;
  notificationId: string;
  description: string;
}

export async function insertNotifications(db: Db, rows: NotificationInsert[]): Promise<void> {
  await db.insert(notifications).values(rows);
}

/** Enabled users holding some access level of this permission type, with their levels. */
export async function enabledUsersWithPermission(db: Db, permissionType: PermissionType) {
  return db
    .select({ userId: permissions.userId, role: users.role, accessLevels: permissions.accessLevels })
    .from(permissions)
    .innerJoin(users, eq(users.id, permissions.userId))
    .where(and(eq(permissions.permissionType, permissionType), eq(users.accountEnabled, true)));
}

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    notificationId: row.notificationId,
    notificationType: row.notificationType,
    description: row.description,
    read: row.read,
    createdDate: row.createdAt.toISOString(),
  };
}

const visibleTo = (userId: string) => and(eq(notifications.userId, userId), eq(notifications.cleared, false));

/** The user's own, not cleared, newest first (reads the (user, cleared, createdAt) index). */
export async function listVisible(db: Db, userId: string, limit: number): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(visibleTo(userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  return rows.map(toNotification);
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(visibleTo(userId), eq(notifications.read, false)));
  return row?.n ?? 0;
}

/** Marks one of the user's own visible notifications read; undefined when it is not theirs (or cleared). */
export async function markRead(
  db: Db,
  userId: string,
  id: string,
): Promise<{ before: Notification; after: Notification } | undefined> {
  const [before] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), visibleTo(userId)))
    .for('update');
  if (!before) return undefined;
  const [after] = await db.update(notifications).set({ read: true }).where(eq(notifications.id, id)).returning();
  return { before: toNotification(before), after: toNotification(after!) };
}

/** Hides every visible notification of the user; returns the ids it cleared. */
export async function clearVisible(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .update(notifications)
    .set({ cleared: true })
    .where(visibleTo(userId))
    .returning({ id: notifications.id });
  return rows.map((r) => r.id);
}

/** The user's own visible notification about this item, if they have one of these types. */
export async function findVisibleAbout(
  db: Db,
  userId: string,
  notificationId: string,
  types: readonly NotificationInsert['notificationType'][],
): Promise<Notification | undefined> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(
      and(
        visibleTo(userId),
        eq(notifications.notificationId, notificationId),
        inArray(notifications.notificationType, [...types]),
      ),
    )
    .limit(1);
  return row ? toNotification(row) : undefined;
}

export async function findSmsParticipant(db: Db, smsId: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ participantNumber: smsMessages.participantNumber })
    .from(smsMessages)
    .where(eq(smsMessages.id, smsId));
  return row ? row.participantNumber : undefined;
}

/** SPEC §6 SMS_CATEGORY_TYPE conditions on the category's group type; a text without one is "no value". */
function textScopeSql(column: AnyPgColumn, scope: Scope): SQL | undefined {
  if (scope.kind === 'none') return sql`false`;
  if (scope.kind === 'all') return undefined;
  const parts: (SQL | undefined)[] = [];
  if (scope.only) parts.push(scope.only.length ? inArray(column, scope.only) : sql`false`);
  if (scope.except.length) parts.push(or(isNull(column), notInArray(column, scope.except)));
  return and(...parts);
}

export interface ThreadQuery {
  /** The text the notification is about: always part of the thread for its recipient. */
  smsId: string;
  participantNumber: string;
  officeScope: Scope;
  categoryScope: Scope;
  sortOrder: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

/** The participant's conversation: the notified text, plus the others the caller's SMS READ reaches. */
export async function listThread(
  db: Db,
  query: ThreadQuery,
): Promise<{ items: NotificationTextMessage[]; totalCount: number }> {
  const reachable = and(
    officeScopeSql(smsMessages.officeId, query.officeScope),
    textScopeSql(dropdownOptions.groupType, query.categoryScope),
  );
  const where = and(
    eq(smsMessages.participantNumber, query.participantNumber),
    reachable ? or(eq(smsMessages.id, query.smsId), reachable) : undefined,
  );
  const order = query.sortOrder === 'ASC' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: smsMessages.id,
        direction: smsMessages.direction,
        fromNumber: smsMessages.fromNumber,
        toNumber: smsMessages.toNumber,
        participantNumber: smsMessages.participantNumber,
        body: smsMessages.body,
        clientId: smsMessages.clientId,
        inquiryId: smsMessages.inquiryId,
        operatorId: smsMessages.operatorId,
        officeId: smsMessages.officeId,
        categoryId: smsMessages.categoryId,
        reasonId: smsMessages.reasonId,
        status: smsMessages.status,
        createdDate: smsMessages.createdDate,
      })
      .from(smsMessages)
      .leftJoin(dropdownOptions, eq(dropdownOptions.id, smsMessages.categoryId))
      .where(where)
      .orderBy(order(smsMessages.createdDate), order(smsMessages.id))
      .offset(query.offset)
      .limit(query.limit),
    db
      .select({ n: count() })
      .from(smsMessages)
      .leftJoin(dropdownOptions, eq(dropdownOptions.id, smsMessages.categoryId))
      .where(where),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      participantNumber: r.participantNumber ?? query.participantNumber,
      createdDate: r.createdDate.toISOString(),
    })),
    totalCount: total?.n ?? 0,
  };
}
