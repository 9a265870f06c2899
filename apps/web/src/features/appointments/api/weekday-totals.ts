import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { weekdayTotalsSchema } from '@casedesk/contract/appointments/appointment';
import { apiRequest } from '@/lib/api-client.ts';
import { browserOffsetHours } from '@/lib/time-offset.ts';

export interface WeekdayTotalsRequest {
  /** yyyy-MM-dd, the first of the 7 days counted. */
  startDate: string;
  officeId?: string;
}

/**
 * POST /api/v1/appointment/weekdayTotals (SPEC §7): appointments on each of the 7 days from startDate.
 * The days are the browser's: the offset (hours) is that of the week's first day, so a week that
 * crosses a daylight-saving change is off by an hour at most at its far end.
 */
export function getWeekdayTotals(request: WeekdayTotalsRequest, signal?: AbortSignal) {
  const offset = browserOffsetHours(new Date(`${request.startDate}T12:00:00`));
  return apiRequest('/api/v1/appointment/weekdayTotals', weekdayTotalsSchema, {
    method: 'POST',
    body: { ...request, offset },
    signal,
  });
}

export function weekdayTotalsQueryOptions(request: WeekdayTotalsRequest) {
  return queryOptions({
    queryKey: ['appointment', 'weekdayTotals', request],
    queryFn: ({ signal }) => getWeekdayTotals(request, signal),
  });
}

/** Only the week view asks (`enabled`); the counts of the last week stay while the next one loads. */
export function useWeekdayTotals(request: WeekdayTotalsRequest, enabled = true) {
  return useQuery({ ...weekdayTotalsQueryOptions(request), placeholderData: keepPreviousData, enabled });
}
