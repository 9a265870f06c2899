import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Holiday, holidaySchema } from '@casedesk/contract/calendar/calendar-event';
import { apiRequest } from '@/lib/api-client.ts';
import { holidayKeys } from './holidays.ts';

/** DELETE /api/v1/holiday/{id}. */
export function removeHoliday(id: string): Promise<Holiday> {
  return apiRequest<typeof holidaySchema>(`/api/v1/holiday/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRemoveHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeHoliday,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: holidayKeys.all }),
  });
}
