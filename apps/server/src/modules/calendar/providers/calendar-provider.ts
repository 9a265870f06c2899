import type { CalendarEvent } from '@casedesk/contract/calendar/calendar-event';

/**
 * Where attorneys' calendars live (DESIGN §1): the database by default, Microsoft Graph behind configuration.
 * Our events live in the database, whose exclusion constraint refuses double bookings among them; a provider
 * mirrors them into the attorney's mailbox and reads what is there, which a booking checks too.
 */
export interface CalendarProvider {
  readonly name: 'database' | 'graph';
  /** The attorney's events overlapping [start, end), in SPEC §3's event shape; cancelled ones left out. */
  listEvents(owner: CalendarOwner, start: Date, end: Date): Promise<ProviderEvent[]>;
  /** Writes a new event; resolves to its id at the provider. */
  createEvent(owner: CalendarOwner, event: CalendarEventWrite): Promise<string>;
  updateEvent(owner: CalendarOwner, externalId: string, event: CalendarEventWrite): Promise<void>;
  /** Removes the event; one already gone counts as removed. */
  cancelEvent(owner: CalendarOwner, externalId: string): Promise<void>;
}

/** The attorney whose calendar it is; `email` names the mailbox at the provider. */
export interface CalendarOwner {
  attorneyId: string;
  email: string;
  name: string;
}

/** What we write: our event (calendar_events row), never the client's personal data beyond its subject and notes. */
export interface CalendarEventWrite {
  /** Our id: Graph's transactionId, so a create repeated after a lost answer is recognised. */
  id: string;
  subject: string;
  notes: string | null;
  location: string | null;
  startsAt: Date;
  endsAt: Date;
}

/** SPEC §3 attorney or calendar event; `id` is the provider's (a uuid for the database). */
export type ProviderEvent = Pick<
  CalendarEvent,
  | 'eventTitle'
  | 'eventDateTime'
  | 'eventEndDateTime'
  | 'eventNotes'
  | 'organizer'
  | 'subject'
  | 'bodyPreview'
  | 'location'
  | 'attendees'
  | 'start'
  | 'end'
> & {
  id: string;
  /** The time is taken (Outlook's showAs other than free or working elsewhere): no booking may overlap it. */
  busy: boolean;
  /** Marked private or confidential by its owner: others see only that the time is taken. */
  private: boolean;
};

/**
 * A provider call that failed. `transient` ones (throttling, outages, timeouts, network) are worth retrying;
 * the others (a bad request, a missing mailbox, no permission) need a person.
 */
export class CalendarProviderError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
    readonly transient: boolean,
    /** Seconds the provider asked us to wait (Retry-After), when it said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'CalendarProviderError';
  }
}

/** Retrying may help: our own provider errors say so; anything else (a bug, a database error) is transient too. */
export function isTransientProviderError(error: unknown): boolean {
  return error instanceof CalendarProviderError ? error.transient : true;
}
