import { z } from 'zod';
import { instantSchema, isoDateSchema } from '../common/dates.ts';

/** Busy time in an attorney's calendar; arbitration, mediation and trial are litigation events (SPEC §9). */
export const CALENDAR_EVENT_KINDS = ['APPOINTMENT', 'EVENT', 'ARBITRATION', 'MEDIATION', 'TRIAL'] as const;
export type CalendarEventKind = (typeof CALENDAR_EVENT_KINDS)[number];
export const LITIGATION_EVENT_KINDS = ['ARBITRATION', 'MEDIATION', 'TRIAL'] as const;

/** LOCAL: the database is the calendar; PENDING/FAILED/SYNCED: written to Microsoft Graph by a job. */
export const CALENDAR_SYNC_STATES = ['LOCAL', 'PENDING', 'SYNCED', 'FAILED'] as const;

const instant = instantSchema();

/** SPEC §3 attorney or calendar event, in the Graph-like shape the calendar reads. */
export const calendarEventSchema = z.object({
  id: z.uuid(),
  kind: z.enum(CALENDAR_EVENT_KINDS),
  attorneyId: z.uuid(),
  appointmentId: z.uuid().nullable(),
  eventTitle: z.string(),
  eventDateTime: z.string(),
  eventEndDateTime: z.string(),
  eventNotes: z.string().nullable(),
  organizer: z.string().nullable(),
  subject: z.string(),
  bodyPreview: z.string().nullable(),
  location: z.object({ displayName: z.string().nullable() }),
  attendees: z.array(z.object({ emailAddress: z.object({ name: z.string() }) })),
  start: z.object({ formattedDateTime: z.string() }),
  end: z.object({ formattedDateTime: z.string() }),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

/** The longest range one calendarEvents request reads; a longer view (a month grid) asks in pieces. */
export const CALENDAR_EVENTS_MAX_DAYS = 31;
const DAY_MS = 86_400_000;

export const CALENDAR_EVENTS_MESSAGES = {
  range: 'End Date Time must be after Start Date Time.',
  rangeTooLong: `A range of at most ${CALENDAR_EVENTS_MAX_DAYS} days can be shown.`,
} as const;

/** SPEC §7: calendar events GET with userId, startDateTime, endDateTime. */
export const calendarEventsQuerySchema = z
  .object({
    userId: z.uuid(),
    startDateTime: instant,
    endDateTime: instant,
  })
  .refine((q) => Date.parse(q.endDateTime) > Date.parse(q.startDateTime), {
    message: CALENDAR_EVENTS_MESSAGES.range,
    path: ['endDateTime'],
  })
  .refine((q) => Date.parse(q.endDateTime) - Date.parse(q.startDateTime) <= CALENDAR_EVENTS_MAX_DAYS * DAY_MS, {
    message: CALENDAR_EVENTS_MESSAGES.rangeTooLong,
    path: ['endDateTime'],
  });

/** [start, end) cut into consecutive pieces of at most CALENDAR_EVENTS_MAX_DAYS, as ISO instants. */
export function calendarEventsPieces(
  startDateTime: string,
  endDateTime: string,
): { startDateTime: string; endDateTime: string }[] {
  const end = Date.parse(endDateTime);
  const pieces = [];
  for (let from = Date.parse(startDateTime); from < end; from += CALENDAR_EVENTS_MAX_DAYS * DAY_MS) {
    const to = Math.min(end, from + CALENDAR_EVENTS_MAX_DAYS * DAY_MS);
    pieces.push({ startDateTime: new Date(from).toISOString(), endDateTime: new Date(to).toISOString() });
  }
  return pieces;
}

export const holidaySchema = z.object({
  id: z.uuid(),
  date: z.string(),
  name: z.string(),
  officeId: z.uuid().nullable(),
});
export type Holiday = z.infer<typeof holidaySchema>;

export const HOLIDAY_MESSAGES = {
  name: 'Name is a required field.',
  duplicate: 'A holiday already exists on this date.',
  office: 'Office must be an existing office.',
  officeOutOfScope: 'Office is not one of the offices you may manage holidays of.',
  firmWide: 'Only a user who manages every office may change a firm-wide holiday.',
} as const;

export const holidayWriteSchema = z.object({
  date: isoDateSchema(),
  name: z.string({ error: HOLIDAY_MESSAGES.name }).trim().min(1, HOLIDAY_MESSAGES.name).max(100),
  officeId: z.uuid().nullable().default(null),
});

export const holidayListRequestSchema = z.object({
  startDate: isoDateSchema().optional(),
  endDate: isoDateSchema().optional(),
  officeId: z.uuid().optional(),
});
