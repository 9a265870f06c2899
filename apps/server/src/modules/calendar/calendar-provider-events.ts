import { createHash } from 'node:crypto';
import type { CalendarEvent } from '@casedesk/contract/calendar/calendar-event';
import type { Db } from '../../platform/db/database.ts';
import { findMirrored } from './calendar-sync.repository.ts';
import { findAttorneys } from './calendar.repository.ts';
import type { CalendarProvider } from './providers/calendar-provider.ts';

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

/**
 * With Microsoft Graph, an attorney's calendar (SPEC §7 calendar events) also shows what is only in their
 * mailbox: meetings put in Outlook directly, read through calendarView. Our own events mirrored there are
 * shown once, from the database. Graph being down never fails the calendar: it shows our events alone.
 */
export async function withProviderEvents(
  db: Db,
  provider: CalendarProvider,
  query: { userId: string; from: Date; to: Date },
  own: CalendarEvent[],
  log: { warn(details: object, message: string): void },
): Promise<CalendarEvent[]> {
  if (provider.name === 'database') return own;
  const [attorney] = await findAttorneys(db, { userIds: [query.userId] });
  if (!attorney?.email) return own;
  let external;
  try {
    external = await provider.listEvents(
      { attorneyId: attorney.attorneyId, email: attorney.email, name: attorney.attorney },
      query.from,
      query.to,
    );
  } catch (error) {
    log.warn({ err: error, attorneyId: attorney.attorneyId }, 'calendar provider read failed; showing stored events');
    return own;
  }
  const mirrored = await findMirrored(
    db,
    attorney.attorneyId,
    external.map((e) => e.id),
  );
  const theirs: CalendarEvent[] = external
    .filter((e) => !mirrored.has(e.id))
    .map((e) => ({
      ...e,
      id: uuidOfExternalId(e.id),
      kind: 'EVENT',
      attorneyId: attorney.attorneyId,
      appointmentId: null,
    }));
  return [...own, ...theirs].sort((a, b) => a.eventDateTime.localeCompare(b.eventDateTime));
}
