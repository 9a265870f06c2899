import type { z } from 'zod';
import type { calendarEventSchema } from '@casedesk/contract/calendar/calendar-event';
import { calendarEventsPieces, type CalendarEvent } from '@casedesk/contract/calendar/calendar-event';
import { apiRequest } from '@/lib/api-client.ts';

export interface CalendarEventsQuery {
  /** The attorney's user id (SPEC §7: calendar events GET with userId). */
  userId: string;
  startDateTime: string;
  endDateTime: string;
}

/**
 * GET /api/v1/appointment/calendarEvents: appointments, events and litigation events of one calendar. The
 * server reads at most 31 days a request, so a longer range (a month grid and its margins) is read in pieces;
 * an event across a cut comes back in both and is kept once.
 */
export async function getCalendarEvents(query: CalendarEventsQuery, signal?: AbortSignal): Promise<CalendarEvent[]> {
  const pieces = calendarEventsPieces(query.startDateTime, query.endDateTime);
  const answers = await Promise.all(
    pieces.map((piece) =>
      apiRequest<z.ZodArray<typeof calendarEventSchema>>('/api/v1/appointment/calendarEvents', {
        query: { userId: query.userId, ...piece },
        signal,
      }),
    ),
  );
  const byId = new Map(answers.flat().map((event) => [event.id, event]));
  return [...byId.values()].sort((a, b) => a.eventDateTime.localeCompare(b.eventDateTime));
}

export const calendarEventsKey = (query: CalendarEventsQuery) => ['calendar-events', query] as const;
