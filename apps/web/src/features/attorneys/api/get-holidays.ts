import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { holidaySchema, type Holiday } from '@casedesk/contract/calendar/calendar-event';
import { apiRequest } from '@/lib/api-client.ts';

export interface HolidayRange {
  startDate: string;
  endDate: string;
  officeId?: string;
}

const holidayListSchema = z.array(holidaySchema);

/** POST /api/v1/holiday/all (SPEC §7 holiday): firm-wide holidays and, with officeId, that office's. */
export function listHolidays(range: HolidayRange, signal?: AbortSignal): Promise<Holiday[]> {
  return apiRequest('/api/v1/holiday/all', holidayListSchema, { method: 'POST', body: range, signal });
}

export function holidaysQueryOptions(range: HolidayRange) {
  return queryOptions({
    queryKey: ['holidays', range],
    queryFn: ({ signal }) => listHolidays(range, signal),
    staleTime: 5 * 60_000,
  });
}

export function useHolidays(range: HolidayRange, enabled = true) {
  return useQuery({ ...holidaysQueryOptions(range), enabled });
}
