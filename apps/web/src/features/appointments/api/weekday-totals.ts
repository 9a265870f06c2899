import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { weekdayTotalsSchema } from '@casedesk/contract/appointments/appointment';
import { apiRequest } from '@/lib/api-client.ts';
import { appointmentKeys } from './appointment-keys.ts';
import { browserOffsetHours } from '@/lib/time-offset.ts';

export interface WeekdayTotalsRequest {
  /** yyyy-MM-dd, the first of the 7 days counted. */
  startDate: string;
  officeId?: string;
}

/**
 * POST /api/v1/appointment/weekdayTotals (SPEC §7): appointments on each of the 7 days from startDate, the
 * browser's days: its zone is sent, so a week over a daylight-saving change still counts whole days; the
 * offset (hours, of the week's first day) goes too, as SPEC §7 has it.
 */
export function getWeekdayTotals(request: WeekdayTotalsRequest, signal?: AbortSignal) {
  const offset = browserOffsetHours(new Date(`${request.startDate}T12:00:00`));
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return apiRequest<typeof weekdayTotalsSchema>('/api/v1/appointment/weekdayTotals', {
    method: 'POST',
    body: { ...request, offset, ...(timeZone ? { timeZone } : {}) },
    signal,
  });
}

export function weekdayTotalsQueryOptions(request: WeekdayTotalsRequest) {
  return queryOptions({
    queryKey: appointmentKeys.weekdayTotals(request),
    queryFn: ({ signal }) => getWeekdayTotals(request, signal),
  });
}

/** Only the week view asks (`enabled`); the counts of the last week stay while the next one loads. */
export function useWeekdayTotals(request: WeekdayTotalsRequest, enabled = true) {
  return useQuery({ ...weekdayTotalsQueryOptions(request), placeholderData: keepPreviousData, enabled });
}
