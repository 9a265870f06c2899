import { z } from 'zod';
import { calendarEventSchema, type CalendarEvent } from '@casedesk/contract/calendar/calendar-event';
import { apiRequest } from '@/lib/api-client.ts';

const calendarEventListSchema = z.array(calendarEventSchema);

export interface CalendarEventsQuery {
  /** The attorney's user id (SPEC §7: calendar events GET with userId). */
  userId: string;
  startDateTime: string;
  endDateTime: string;
}

/** GET /api/v1/appointment/calendarEvents: appointments, events and litigation events of one calendar. */
export function getCalendarEvents(query: CalendarEventsQuery, signal?: AbortSignal): Promise<CalendarEvent[]> {
  return apiRequest('/api/v1/appointment/calendarEvents', calendarEventListSchema, { query: { ...query }, signal });
}

export const calendarEventsKey = (query: CalendarEventsQuery) => ['calendar-events', query] as const;
