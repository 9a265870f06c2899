import { queryOptions } from '@tanstack/react-query';
import type { notificationTextMessagesResponseSchema } from '@casedesk/contract/notifications/notification';
import {
  NOTIFICATION_LOOKUP_PAGE_SIZE,
  type NotificationTextMessages,
} from '@casedesk/contract/notifications/notification';
import { apiRequest } from '@/lib/api-client.ts';
import { NOTIFICATIONS_QUERY_KEY } from './get-notifications.ts';

/**
 * POST /api/v1/notification/textMessages?notificationId=… — the text thread a notification is about,
 * SPEC §7/§9: pageNumber 1, pageSize 100, sortOrder DESC. `notificationId` is the notification's
 * notificationId (the text's id).
 */
export function getNotificationTextMessages(
  notificationId: string,
  signal?: AbortSignal,
): Promise<NotificationTextMessages> {
  return apiRequest<typeof notificationTextMessagesResponseSchema>('/api/v1/notification/textMessages', {
    method: 'POST',
    query: { notificationId },
    body: { pageNumber: 1, pageSize: NOTIFICATION_LOOKUP_PAGE_SIZE, sortOrder: 'DESC' },
    signal,
  });
}

export function notificationTextMessagesQueryOptions(notificationId: string) {
  return queryOptions({
    queryKey: [...NOTIFICATIONS_QUERY_KEY, 'textMessages', notificationId],
    queryFn: ({ signal }) => getNotificationTextMessages(notificationId, signal),
  });
}
