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

/** SPEC §7: calendar events GET with userId, startDateTime, endDateTime. */
export const calendarEventsQuerySchema = z.object({
  userId: z.uuid(),
  startDateTime: instant,
  endDateTime: instant,
});

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
