import type { CalendarEventWrite, ProviderEvent } from './calendar-provider.ts';

/** The parts of Graph v1.0's `event` resource we read (https://learn.microsoft.com/graph/api/resources/event). */
export interface GraphEvent {
  id: string;
  subject?: string | null;
  bodyPreview?: string | null;
  body?: { contentType?: string; content?: string | null } | null;
  start: GraphDateTime;
  end: GraphDateTime;
  location?: { displayName?: string | null } | null;
  attendees?: { emailAddress?: { name?: string | null; address?: string | null } | null }[] | null;
  organizer?: { emailAddress?: { name?: string | null; address?: string | null } | null } | null;
  isCancelled?: boolean;
  /** free, tentative, busy, oof, workingElsewhere or unknown. */
  showAs?: string | null;
  /** normal, personal, private or confidential. */
  sensitivity?: string | null;
}

/** Outlook's sensitivities that keep an event's details to its owner. */
const PRIVATE_SENSITIVITY = new Set(['private', 'confidential']);

/** Shown in the mailbox without taking the time: a booking may go over these. */
const FREE_SHOW_AS = new Set(['free', 'workingElsewhere']);

/** Graph's dateTimeTimeZone: a wall time without offset, and the zone it is in. */
export interface GraphDateTime {
  dateTime: string;
  timeZone: string;
}

/** Our instants as Graph's dateTimeTimeZone in UTC: `2026-03-10T17:00:00.000` + `UTC`. */
export function toGraphDateTime(instant: Date): GraphDateTime {
  return { dateTime: instant.toISOString().slice(0, -1), timeZone: 'UTC' };
}

/**
 * Graph's dateTimeTimeZone back to an instant. We ask for UTC (`Prefer: outlook.timezone="UTC"`), so the wall
 * time is UTC; Graph writes seven fractional digits (`2026-03-10T17:00:00.0000000`), Date takes three.
 */
export function fromGraphDateTime(value: GraphDateTime): string {
  if (!/^(utc|etc\/utc|gmt)$/i.test(value.timeZone)) {
    throw new Error(`Graph answered in ${value.timeZone}, not the UTC we asked for`);
  }
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d{1,3})?\d*$/.exec(value.dateTime);
  if (!match) throw new Error(`Unreadable Graph dateTime ${value.dateTime}`);
  return new Date(`${match[1]}${match[2] ?? '.000'}Z`).toISOString();
}

/** SPEC §3 event shape of a Graph event: the same fields our own events carry (calendar.service toCalendarEvent). */
export function fromGraphEvent(event: GraphEvent): ProviderEvent {
  const start = fromGraphDateTime(event.start);
  const end = fromGraphDateTime(event.end);
  const subject = event.subject ?? '';
  const text = event.body?.contentType === 'text' ? (event.body.content ?? null) : null;
  return {
    id: event.id,
    eventTitle: subject,
    eventDateTime: start,
    eventEndDateTime: end,
    eventNotes: text || event.bodyPreview || null,
    organizer: event.organizer?.emailAddress?.name ?? event.organizer?.emailAddress?.address ?? null,
    subject,
    bodyPreview: event.bodyPreview || null,
    location: { displayName: event.location?.displayName || null },
    attendees: (event.attendees ?? [])
      .map((a) => a.emailAddress?.name || a.emailAddress?.address || '')
      .filter((name) => name !== '')
      .map((name) => ({ emailAddress: { name } })),
    start: { formattedDateTime: start },
    end: { formattedDateTime: end },
    // Unknown or missing counts as busy: a booking over a meeting is worse than a slot left free.
    busy: !FREE_SHOW_AS.has(event.showAs ?? 'busy'),
    private: PRIVATE_SENSITIVITY.has(event.sensitivity ?? 'normal'),
  };
}

/**
 * The body of a create or update. No attendees: Graph would e-mail invitations to them, and our attendees
 * are names, not addresses. The time is blocked as busy in the attorney's mailbox.
 */
export function toGraphEventBody(event: CalendarEventWrite) {
  return {
    subject: event.subject,
    body: { contentType: 'text', content: event.notes ?? '' },
    start: toGraphDateTime(event.startsAt),
    end: toGraphDateTime(event.endsAt),
    location: { displayName: event.location ?? '' },
    showAs: 'busy',
  };
}
