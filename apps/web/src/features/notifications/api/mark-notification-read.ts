import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification, notificationSchema } from '@casedesk/contract/notifications/notification';
import { apiRequest } from '@/lib/api-client.ts';
import { NOTIFICATIONS_QUERY_KEY } from './get-notifications.ts';

/** PUT /api/v1/notification/markRead?id=… (SPEC §4: an unread one becomes read when clicked). */
export function markNotificationRead(id: string): Promise<Notification> {
  return apiRequest<typeof notificationSchema>('/api/v1/notification/markRead', { method: 'PUT', query: { id } });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
