import { z } from 'zod';
import { holidaySchema, type Holiday } from '@casedesk/contract/calendar/calendar-event';
import { apiRequest } from '@/lib/api-client.ts';

const holidayListSchema = z.array(holidaySchema);

export interface HolidaysQuery {
  /** yyyy-MM-dd, inclusive */
  startDate: string;
  endDate: string;
  officeId?: string;
}

/** POST /api/v1/holiday/all: firm-wide holidays and, with officeId, that office's (whole days blocked). */
export function getHolidays(query: HolidaysQuery, signal?: AbortSignal): Promise<Holiday[]> {
  return apiRequest('/api/v1/holiday/all', holidayListSchema, { method: 'POST', body: query, signal });
}

export const holidaysKey = (query: HolidaysQuery) => ['holidays', query] as const;
