import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationList, notificationListSchema } from '@casedesk/contract/notifications/notification';
import { apiRequest } from '@/lib/api-client.ts';

/** Every notification query lives under this key; live messages invalidate it (SPEC §4). */
export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;

/** GET /api/v1/notification/all: the caller's own, newest first, with the unread count (SPEC §7). */
export function getNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return apiRequest<typeof notificationListSchema>('/api/v1/notification/all', { signal });
}

export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryFn: ({ signal }) => getNotifications(signal),
  });
}

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
