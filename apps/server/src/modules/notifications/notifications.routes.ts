import {
  clearNotificationsResponseSchema,
  markNotificationReadQuerySchema,
  notificationListSchema,
  notificationSchema,
  notificationTextMessagesQuerySchema,
  notificationTextMessagesRequestSchema,
  notificationTextMessagesResponseSchema,
} from '@casedesk/contract/notifications/notification';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import {
  clearNotifications,
  listNotifications,
  markNotificationRead,
  notificationTextMessages,
} from './notifications.service.ts';

/** SPEC §7 Notifications. Every user has their own; the service only ever touches the caller's. */
export async function notificationsRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/v1/notification/all',
    {
      config: { signedIn: true },
      schema: {
        tags: ['notifications'],
        summary: "The caller's notifications (not cleared, newest first, at most 100) and the unread count",
        response: { 200: notificationListSchema },
      },
    },
    async (request) => listNotifications(app.db, request.actor!),
  );

  app.put(
    '/api/v1/notification/markRead',
    {
      config: {
        signedIn: true,
        unscopedIds: { id: "the caller's own notification: looked up by its recipient, so another's is not found" },
      },
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of your notifications read',
        querystring: markNotificationReadQuerySchema,
        response: { 200: notificationSchema },
      },
    },
    async (request) => markNotificationRead(app.db, request.actor!, request.query.id),
  );

  app.put(
    '/api/v1/notification/clearAll',
    {
      config: { signedIn: true },
      schema: {
        tags: ['notifications'],
        summary: 'Clear all your notifications from the list',
        response: { 200: clearNotificationsResponseSchema },
      },
    },
    async (request) => clearNotifications(app.db, request.actor!),
  );

  app.post(
    '/api/v1/notification/textMessages',
    {
      config: {
        signedIn: true,
        unscopedIds: {
          notificationId:
            "the text one of the caller's own notifications is about (else not found); the thread is cut to their SMS READ",
        },
      },
      schema: {
        tags: ['notifications'],
        summary: 'The text thread a notification is about (pageNumber 1, pageSize 100, sortOrder DESC)',
        querystring: notificationTextMessagesQuerySchema,
        body: notificationTextMessagesRequestSchema,
        response: { 200: notificationTextMessagesResponseSchema },
      },
    },
    async (request) => notificationTextMessages(app.db, request.actor!, request.query.notificationId, request.body),
  );
}
