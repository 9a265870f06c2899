import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Holiday, holidaySchema } from '@casedesk/contract/calendar/calendar-event';
import { apiRequest } from '@/lib/api-client.ts';
import { holidayKeys } from './holidays.ts';

export interface HolidayWrite {
  /** yyyy-MM-dd */
  date: string;
  name: string;
  /** null: firm-wide. */
  officeId: string | null;
}

/** POST /api/v1/holiday (SPEC §7 holiday): the whole day is blocked for booking; 409 if that day has one. */
export function createHoliday(body: HolidayWrite): Promise<Holiday> {
  return apiRequest<typeof holidaySchema>('/api/v1/holiday', { method: 'POST', body, handledStatuses: [400, 409] });
}

/** PUT /api/v1/holiday/{id}. */
export function changeHoliday(id: string, body: HolidayWrite): Promise<Holiday> {
  return apiRequest<typeof holidaySchema>(`/api/v1/holiday/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    handledStatuses: [400, 409],
  });
}

/** Saves a holiday (new when no id); every holiday range on screen is read again, booking depends on them. */
export function useSaveHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: HolidayWrite & { id?: string }) =>
      id ? changeHoliday(id, body) : createHoliday(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: holidayKeys.all }),
  });
}
