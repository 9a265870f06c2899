import { z } from 'zod';
import type { AppointmentLength } from '@casedesk/contract/appointments/slots';
import { availabilityRecordSchema, type AvailabilityRecord } from '@casedesk/contract/attorneys/attorney-schedule';
import { apiRequest } from '@/lib/api-client.ts';
import { browserOffsetHours } from '@/lib/time-offset.ts';

const availabilityListSchema = z.array(availabilityRecordSchema);

export interface CalendarAvailabilityQuery {
  attorneyId: string;
  /** yyyy-MM-dd office dates, inclusive, at most 31 days apart */
  startDate: string;
  endDate: string;
  appointmentLength: AppointmentLength;
  schedulePast: boolean;
}

/**
 * GET /api/v1/attorney/availability for one attorney: its office zone, its user id (whose calendar the
 * events call reads) and, per day, whether it works that day and its free slots on the toggle's side of
 * now — computed by the server from the weekly schedule, busy time and holidays (SPEC §5).
 */
export function getCalendarAvailability(
  query: CalendarAvailabilityQuery,
  signal?: AbortSignal,
): Promise<AvailabilityRecord[]> {
  return apiRequest('/api/v1/attorney/availability', availabilityListSchema, {
    query: { ...query, offset: browserOffsetHours() },
    signal,
  });
}

export const calendarAvailabilityKey = (query: CalendarAvailabilityQuery) =>
  ['attorney-availability', 'calendar', query] as const;
