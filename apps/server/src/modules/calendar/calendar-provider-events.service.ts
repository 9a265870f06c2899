import { createHash } from 'node:crypto';
import type { CalendarEvent } from '@casedesk/contract/calendar/calendar-event';
import type { Db } from '../../platform/db/database.ts';
import { findMirrored } from './calendar-sync.repository.ts';
import { calendarSync } from './calendar-sync.ts';
import type { AttorneyInfo } from '../attorneys/attorney-directory.service.ts';
import type { CalendarProvider, ProviderEvent } from './providers/calendar-provider.ts';

/**
 * A stable uuid (version 5 layout) for a provider's event id: SPEC §3 events carry uuids, and the same Outlook
 * event keeps its id from one fetch to the next.
 */
export function uuidOfExternalId(externalId: string): string {
  const hex = createHash('sha1').update(`graph:${externalId}`).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** The attorney as the provider names their mailbox. */
type Attorney = Pick<AttorneyInfo, 'attorneyId' | 'email' | 'attorney'>;

/**
 * What only the provider knows of the attorney's calendar over [from, to): meetings put in Outlook directly.
 * Our own events mirrored there are left out (the database has them). Fails when the provider does.
 */
async function providerOnlyEvents(
  db: Db,
  provider: CalendarProvider,
  attorney: Attorney & { email: string },
  from: Date,
  to: Date,
): Promise<ProviderEvent[]> {
  const owner = { attorneyId: attorney.attorneyId, email: attorney.email, name: attorney.attorney };
  const external = await provider.listEvents(owner, from, to);
  const mirrored = await findMirrored(
    db,
    attorney.attorneyId,
    external.map((e) => e.id),
  );
  return external.filter((e) => !mirrored.has(e.id));
}

/**
 * How an event only in the attorney's mailbox is shown to someone else: that the time is taken, nothing of
 * what fills it (a meeting's subject, attendees and notes can name a client or the attorney's private life).
 */
function busyBlock(event: ProviderEvent): ProviderEvent {
  return {
    ...event,
    eventTitle: BUSY,
    subject: BUSY,
    eventNotes: null,
    organizer: null,
    bodyPreview: null,
    location: { displayName: null },
    attendees: [],
  };
}
const BUSY = 'Busy';

/**
 * With Microsoft Graph, an attorney's calendar (SPEC §7 calendar events) also shows what is only in their
 * mailbox: meetings put in Outlook directly, read through calendarView. Our own events mirrored there are
 * shown once, from the database. Graph being down never fails the calendar: it shows our events alone.
 * `details`: whether the caller may see those meetings' details; otherwise, and always for an event its owner
 * marked private, each is a busy block, and time left free is not shown.
 */
export async function withProviderEvents(
  db: Db,
  provider: CalendarProvider,
  attorney: Attorney,
  range: { from: Date; to: Date; details: boolean },
  own: CalendarEvent[],
  log: { warn(details: object, message: string): void },
): Promise<CalendarEvent[]> {
  if (provider.name === 'database' || !attorney.email) return own;
  let external;
  try {
    external = await providerOnlyEvents(db, provider, { ...attorney, email: attorney.email }, range.from, range.to);
  } catch (error) {
    log.warn({ err: error, attorneyId: attorney.attorneyId }, 'calendar provider read failed; showing stored events');
    return own;
  }
  const shown = external.flatMap((event) => {
    if (range.details && !event.private) return [event];
    return event.busy ? [busyBlock(event)] : [];
  });
  const theirs: CalendarEvent[] = shown.map(({ busy: _busy, private: _private, ...e }) => ({
    ...e,
    id: uuidOfExternalId(e.id),
    kind: 'EVENT',
    attorneyId: attorney.attorneyId,
    appointmentId: null,
  }));
  return [...own, ...theirs].sort((a, b) => a.eventDateTime.localeCompare(b.eventDateTime));
}

/**
 * How long a booking waits for the attorney's mailbox. The adapter itself waits out throttling (up to 10 s,
 * twice) and times out at 15 s, fit for the calendar's reads; an operator with a client on the line is not
 * kept that long: past this, the booking is checked against our events alone.
 */
const BUSY_READ_LIMIT_MS = 3000;

function withinMs<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Busy time is never ignored: with Microsoft Graph, a booking over a meeting that is only in the
 * attorney's Outlook is refused like one over our own events (SPEC §5's 409). The database's exclusion
 * constraint cannot see those meetings, so they are read at the moment of booking. When Graph cannot be
 * read, the booking goes ahead on the database's events alone, as the calendar then shows them, and the
 * failure is logged: an outage must not stop the firm from booking.
 */
export async function providerBusyOverlap(
  db: Db,
  attorney: Attorney,
  start: Date,
  end: Date,
): Promise<ProviderEvent | undefined> {
  const provider = calendarSync.provider;
  if (!provider || !attorney.email) return undefined;
  try {
    const read = providerOnlyEvents(db, provider, { ...attorney, email: attorney.email }, start, end);
    const events = await withinMs(read, BUSY_READ_LIMIT_MS);
    // calendarView returns what touches the window; only a real overlap takes the time.
    return events.find((e) => e.busy && new Date(e.eventDateTime) < end && new Date(e.eventEndDateTime) > start);
  } catch (error) {
    calendarSync.log?.warn(
      { err: error, attorneyId: attorney.attorneyId },
      'calendar provider read failed; booking checked against stored events only',
    );
    return undefined;
  }
}
