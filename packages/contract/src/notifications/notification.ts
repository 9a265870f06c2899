import { z } from 'zod';
import { listResponseSchema, pageNumberSchema, SORT_ORDERS } from '../common/paging.ts';
import { SMS_STATUSES } from '../sms/sms-status.ts';
import { NOTIFICATION_TYPES } from './notification-types.ts';

/** The bell shows the newest notifications only; older ones stay stored until cleared. */
export const NOTIFICATION_LIST_LIMIT = 100;

/** SPEC §9: the text-message lookup by notification id reads one page of 100. */
export const NOTIFICATION_LOOKUP_PAGE_SIZE = 100;

/** SPEC §3 Notification; notificationId is the id of what it is about (a text, a call, an account). */
export const notificationSchema = z.object({
  id: z.uuid(),
  notificationId: z.uuid(),
  notificationType: z.enum(NOTIFICATION_TYPES),
  description: z.string(),
  read: z.boolean(),
  /** ISO instant. */
  createdDate: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/v1/notification/all: the caller's own, not cleared, newest first, at most NOTIFICATION_LIST_LIMIT. */
export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  /** Unread and not cleared, counted over all of them (not only the listed ones). */
  unreadCount: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** PUT /api/v1/notification/markRead?id=… */
export const markNotificationReadQuerySchema = z.object({ id: z.uuid() }).strict();

/** PUT /api/v1/notification/clearAll answers how many it cleared. */
export const clearNotificationsResponseSchema = z.object({ cleared: z.number().int().min(0) });

/** POST /api/v1/notification/textMessages?notificationId=… (the notification's notificationId: its text). */
export const notificationTextMessagesQuerySchema = z.object({ notificationId: z.uuid() }).strict();

/** SPEC §7: pageNumber 1, pageSize 100, sortOrder DESC. */
export const notificationTextMessagesRequestSchema = z
  .object({
    pageNumber: pageNumberSchema,
    pageSize: z.number().int().min(1).max(NOTIFICATION_LOOKUP_PAGE_SIZE).default(NOTIFICATION_LOOKUP_PAGE_SIZE),
    sortOrder: z.enum(SORT_ORDERS).default('DESC'),
  })
  .strict();
export type NotificationTextMessagesRequestInput = z.input<typeof notificationTextMessagesRequestSchema>;

/** One text of the thread a notification is about (the participant's conversation). */
export const notificationTextMessageSchema = z.object({
  id: z.uuid(),
  direction: z.enum(['INBOUND', 'OUTBOUND']),
  fromNumber: z.string(),
  toNumber: z.string(),
  participantNumber: z.string(),
  body: z.string(),
  clientId: z.uuid().nullable(),
  inquiryId: z.uuid().nullable(),
  operatorId: z.uuid().nullable(),
  officeId: z.uuid().nullable(),
  categoryId: z.uuid().nullable(),
  reasonId: z.uuid().nullable(),
  status: z.enum(SMS_STATUSES),
  /** ISO instant. */
  createdDate: z.string(),
});
export type NotificationTextMessage = z.infer<typeof notificationTextMessageSchema>;

export const notificationTextMessagesResponseSchema = listResponseSchema(notificationTextMessageSchema);
export type NotificationTextMessages = z.infer<typeof notificationTextMessagesResponseSchema>;
