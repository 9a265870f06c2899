import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Holiday, holidaySchema } from '@casedesk/contract/calendar/calendar-event';
import { apiRequest } from '@/lib/api-client.ts';

export interface HolidayRange {
  /** yyyy-MM-dd, inclusive */
  startDate: string;
  endDate: string;
  officeId?: string;
}

export const holidayKeys = {
  all: ['holidays'] as const,
  range: (range: HolidayRange) => [...holidayKeys.all, range] as const,
};

/** POST /api/v1/holiday/all (SPEC §7 holiday): firm-wide holidays and, with officeId, that office's (whole days blocked). */
export function listHolidays(range: HolidayRange, signal?: AbortSignal): Promise<Holiday[]> {
  return apiRequest<z.ZodArray<typeof holidaySchema>>('/api/v1/holiday/all', { method: 'POST', body: range, signal });
}

/** Holidays change a few times a year: read again after five minutes. */
export function holidaysQueryOptions(range: HolidayRange) {
  return queryOptions({
    queryKey: holidayKeys.range(range),
    queryFn: ({ signal }) => listHolidays(range, signal),
    staleTime: 5 * 60_000,
  });
}

export function useHolidays(range: HolidayRange, enabled = true) {
  return useQuery({ ...holidaysQueryOptions(range), enabled });
}
