import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { clearNotificationsResponseSchema } from '@casedesk/contract/notifications/notification';
import { apiRequest } from '@/lib/api-client.ts';
import { NOTIFICATIONS_QUERY_KEY } from './get-notifications.ts';

/** PUT /api/v1/notification/clearAll (SPEC §2 Clear all). */
export function clearNotifications(): Promise<{ cleared: number }> {
  return apiRequest<typeof clearNotificationsResponseSchema>('/api/v1/notification/clearAll', { method: 'PUT' });
}

export function useClearNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearNotifications,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
