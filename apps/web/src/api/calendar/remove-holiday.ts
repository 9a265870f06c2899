import { useMutation, useQueryClient } from '@tanstack/react-query';
import { holidaySchema, type Holiday } from '@casedesk/contract/calendar/calendar-event';
import { apiRequest } from '@/lib/api-client.ts';
import { holidayKeys } from './holidays.ts';

/** DELETE /api/v1/holiday/{id}. */
export function removeHoliday(id: string): Promise<Holiday> {
  return apiRequest(`/api/v1/holiday/${encodeURIComponent(id)}`, holidaySchema, { method: 'DELETE' });
}

export function useRemoveHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeHoliday,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: holidayKeys.all }),
  });
}
