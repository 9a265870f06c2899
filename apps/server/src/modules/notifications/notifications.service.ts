import type { ConditionType, PermissionRequirement } from '@casedesk/contract/access/permissions';
import { applyRoleConditions, scopeAllows, scopeOf } from '@casedesk/contract/access/permissions';
import { pageOffset } from '@casedesk/contract/common/paging';
import { liveTextOf } from '@casedesk/contract/notifications/live-socket';
import type {
  Notification,
  NotificationList,
  NotificationTextMessages,
} from '@casedesk/contract/notifications/notification';
import { NOTIFICATION_LIST_LIMIT } from '@casedesk/contract/notifications/notification';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus.ts';
import {
  clearVisible,
  countUnread,
  enabledUsersWithPermission,
  findSmsParticipant,
  findVisibleAbout,
  insertNotifications,
  listThread,
  listVisible,
  markRead,
} from './notifications.repository.ts';

import type { NotificationType } from '@casedesk/contract/notifications/notification-types';

export type { NotificationType };

export interface NewNotification {
  userIds: readonly string[];
  notificationType: NotificationType;
  /** The id of what it is about: the text message, the call, the collection account. */
  notificationId: string;
  description: string;
}

/**
 * Stores one notification per recipient, then tells their sockets (on every instance) which type
 * arrived. SPEC §4: a DIRECT one is announced as NEW_DIRECT, any other by its type. Call it after the
 * change it announces has committed: the browser refreshes its list as soon as the message arrives.
 */
export async function notifyUsers(db: Db, bus: RealtimeBus, notification: NewNotification): Promise<void> {
  const userIds = [...new Set(notification.userIds)];
  if (userIds.length === 0) return;
  await insertNotifications(
    db,
    userIds.map((userId) => ({
      userId,
      notificationType: notification.notificationType,
      notificationId: notification.notificationId,
      description: notification.description,
    })),
  );
  await bus.publish({ userIds, text: liveTextOf(notification.notificationType) });
}

/**
 * Active users whose permission reaches a record of this office (SPEC §6 record-level OFFICE
 * conditions): who hears of an inbound text or call to that office. Each user's role conditions are
 * judged for their own role; `heldBy` names the other condition types the record passes for everyone.
 */
export async function usersReachingOffice(
  db: Db,
  [permissionType, accessType]: PermissionRequirement,
  officeId: string | null,
  heldBy: readonly ConditionType[] = [],
): Promise<string[]> {
  const rows = await enabledUsersWithPermission(db, permissionType);
  return rows
    .filter((row) => {
      const permissions = applyRoleConditions([{ permissionType, accessLevelDTO: row.accessLevels }], row.role);
      return scopeAllows(scopeOf(permissions, permissionType, accessType, 'OFFICE', heldBy), officeId);
    })
    .map((row) => row.userId);
}

/** SPEC §2 bell: the caller's own notifications, newest first, with the unread count. */
export async function listNotifications(db: Db, actor: Actor): Promise<NotificationList> {
  const [items, unreadCount] = await Promise.all([
    listVisible(db, actor.userId, NOTIFICATION_LIST_LIMIT),
    countUnread(db, actor.userId),
  ]);
  return { items, unreadCount };
}

/** SPEC §4: an unread notification becomes read when clicked. Another user's id is simply not found. */
export async function markNotificationRead(db: Db, actor: Actor, id: string): Promise<Notification> {
  return db.transaction(async (tx) => {
    const changed = await markRead(tx, actor.userId, id);
    if (!changed) throw AppError.notFound('Notification');
    if (!changed.before.read) {
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'notification.mark_read',
        entity: 'notification',
        entityId: id,
        before: { read: false },
        after: { read: true },
        ip: actor.ip,
        requestId: actor.requestId,
      });
    }
    return changed.after;
  });
}

/** SPEC §2 Clear all: hides the caller's notifications (the records stay). */
export async function clearNotifications(db: Db, actor: Actor): Promise<{ cleared: number }> {
  return db.transaction(async (tx) => {
    const ids = await clearVisible(tx, actor.userId);
    if (ids.length > 0) {
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'notification.clear_all',
        entity: 'notification',
        after: { cleared: true },
        ip: actor.ip,
        requestId: actor.requestId,
        detail: { count: ids.length },
      });
    }
    return { cleared: ids.length };
  });
}

export interface TextMessagesPage {
  pageNumber: number;
  pageSize: number;
  sortOrder: 'ASC' | 'DESC';
}

/**
 * SPEC §7 text-message lookup by notification id: the conversation with the participant of the text
 * a notification is about. Only the recipient of that notification may look (DESIGN §3: another
 * user's is not found); the notified text is always included, the rest of the thread only as far as
 * the caller's SMS READ conditions (office, category type, SPEC §6) reach.
 */
export async function notificationTextMessages(
  db: Db,
  actor: Actor,
  notificationId: string,
  page: TextMessagesPage,
): Promise<NotificationTextMessages> {
  const notification = await findVisibleAbout(db, actor.userId, notificationId, ['SMS', 'DIRECT']);
  if (!notification) throw AppError.notFound('Notification');
  const participantNumber = await findSmsParticipant(db, notificationId);
  if (!participantNumber) throw AppError.notFound('Text message');
  const { items, totalCount } = await listThread(db, {
    smsId: notificationId,
    participantNumber,
    officeScope: scopeOf(actor.permissions, 'SMS', 'READ', 'OFFICE', ['SMS_CATEGORY_TYPE']),
    categoryScope: scopeOf(actor.permissions, 'SMS', 'READ', 'SMS_CATEGORY_TYPE', ['OFFICE']),
    sortOrder: page.sortOrder,
    offset: pageOffset(page.pageNumber, page.pageSize),
    limit: page.pageSize,
  });
  return { items, totalCount, pageNumber: page.pageNumber, pageSize: page.pageSize };
}
