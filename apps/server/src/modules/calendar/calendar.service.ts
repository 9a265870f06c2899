import { allowsRecord, scopeOf } from '@casedesk/contract/access/permissions';
import type {
  AvailabilityQuery,
  AvailabilityRecord,
  AvailabilitySlot,
  AttorneySchedule,
  ScheduleEntry,
} from '@casedesk/contract/attorneys/attorney-schedule';
import type { AppointmentLength, GridDay } from '@casedesk/contract/appointments/slots';
import { mergeBusy, openStarts, slotGrid, slotLabel } from '@casedesk/contract/appointments/slots';
import { addDays, instantOfWallTimeCompatible } from '@casedesk/contract/appointments/zoned-time';
import type { CalendarEvent } from '@casedesk/contract/calendar/calendar-event';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { findAttorneys, requireAttorney, type AttorneyInfo } from '../attorneys/attorney-directory.service.ts';
import type { CalendarEventRow } from './calendar.repository.ts';
import * as repo from './calendar.repository.ts';
import { calendarSync } from './calendar-sync.ts';
import { withProviderEvents } from './calendar-provider-events.service.ts';
import type { CalendarProvider } from './providers/calendar-provider.ts';

type ScheduleRow = Awaited<ReturnType<typeof repo.findSchedules>>[number];

/** Map.groupBy arrives with Node 21; we support Node 20. */
function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** An entry serves a law type (or jurisdiction) when it names none or names that one. */
const serves = (entryValue: string | null, wanted: string | undefined) =>
  !wanted || entryValue === null || entryValue.toLowerCase() === wanted.toLowerCase();

/** The windows of an attorney that serve the asked law type and jurisdiction. */
export function windowsFor(
  schedule: readonly ScheduleRow[],
  filter: { lawType?: string; jurisdiction?: string },
): ScheduleRow[] {
  return schedule.filter((e) => serves(e.lawType, filter.lawType) && serves(e.jurisdiction, filter.jurisdiction));
}

/** The instants bounding a span of an office's calendar days, a day of margin each side for zones. */
function spanOf(from: string, to: string, timeZone: string) {
  return {
    start: instantOfWallTimeCompatible(addDays(from, -1), 0, timeZone),
    end: instantOfWallTimeCompatible(addDays(to, 2), 0, timeZone),
  };
}

/**
 * SPEC §7 availability of all attorneys / attorneyAvailability: each attorney's open slots per day of
 * the range, computed in the attorney's office zone from the weekly schedule minus busy time and
 * holidays. Three queries whatever the number of attorneys (no N+1).
 */
export async function attorneyAvailability(
  db: Db,
  actor: Actor,
  query: AvailabilityQuery,
  now = new Date(),
): Promise<AvailabilityRecord[]> {
  // Availability is where new bookings are chosen: an inactive office's attorneys take none.
  const everyone = (
    await findAttorneys(db, {
      attorneyIds: query.attorneyId ? [query.attorneyId] : undefined,
      officeScope: scopeOf(actor.permissions, 'ATTORNEY_AVAILABILITY', 'READ', 'OFFICE'),
    })
  ).filter((a) => a.officeStatus === 'ACTIVE');
  const schedules = await repo.findSchedules(
    db,
    everyone.map((a) => a.attorneyId),
  );
  const byAttorney = groupBy(schedules, (s) => s.attorneyId);
  const wanted = everyone.filter((a) => {
    const own = byAttorney.get(a.attorneyId) ?? [];
    const matchesOwn = serves(a.lawType, query.lawType) && serves(a.jurisdiction, query.jurisdiction);
    return matchesOwn || windowsFor(own, query).some((e) => e.lawType !== null || e.jurisdiction !== null);
  });
  if (wanted.length === 0) return [];
  const zones = new Set(wanted.map((a) => a.timeZone));
  const spans = [...zones].map((zone) => spanOf(query.startDate, query.endDate, zone));
  const from = new Date(Math.min(...spans.map((s) => s.start.getTime())));
  const to = new Date(Math.max(...spans.map((s) => s.end.getTime())));
  const [busy, holidays] = await Promise.all([
    repo.findBusy(
      db,
      wanted.map((a) => a.attorneyId),
      from,
      to,
    ),
    repo.findHolidays(db, query.startDate, query.endDate, [...new Set(wanted.map((a) => a.officeId))]),
  ]);
  const busyOf = groupBy(busy, (b) => b.attorneyId);
  const length = query.appointmentLength as AppointmentLength;
  // Attorneys of one office with the same hours share one grid of candidate slots, and a slot start of one
  // zone is one output object: a week of 100 attorneys repeats the same few hundred slots thousands of times.
  const grids = new Map<string, GridDay[]>();
  const slotOutputs = new Map<string, Map<number, AvailabilitySlot>>();
  const slotOutput = (start: number, timeZone: string): AvailabilitySlot => {
    let ofZone = slotOutputs.get(timeZone);
    if (!ofZone) slotOutputs.set(timeZone, (ofZone = new Map()));
    let slot = ofZone.get(start);
    if (!slot) {
      slot = {
        start: new Date(start).toISOString(),
        end: new Date(start + length * 60_000).toISOString(),
        label: slotLabel(new Date(start), timeZone),
      };
      ofZone.set(start, slot);
    }
    return slot;
  };
  return wanted.map((a) => {
    const windows = windowsFor(byAttorney.get(a.attorneyId) ?? [], query);
    const gridKey = `${a.officeId}|${windows.map((w) => `${w.dayOfWeek} ${w.startTime} ${w.endTime}`).join(',')}`;
    let grid = grids.get(gridKey);
    if (!grid) {
      const holidayDates = new Set(
        holidays.filter((h) => h.officeId === null || h.officeId === a.officeId).map((h) => h.date),
      );
      grid = slotGrid({
        from: query.startDate,
        to: query.endDate,
        timeZone: a.timeZone,
        windows,
        length,
        holidays: holidayDates,
      });
      grids.set(gridKey, grid);
    }
    const days = openStarts(grid, mergeBusy(busyOf.get(a.attorneyId) ?? []), length, now, query.schedulePast);
    return {
      attorneyId: a.attorneyId,
      attorney: a.attorney,
      userId: a.userId,
      officeId: a.officeId,
      officeName: a.officeName,
      timeZone: a.timeZone,
      lawType: a.lawType,
      jurisdiction: a.jurisdiction,
      zoomLink: a.zoomLink,
      defaultCalendar: a.email,
      availableSlots: days.map((d) => ({
        date: d.date,
        available: d.available,
        slots: d.starts.map((t) => slotOutput(t, a.timeZone)),
      })),
    };
  });
}

/** The attorney's own schedule, or one in an office the caller's ATTORNEY_SCHEDULE access reaches; else 404. */
async function reachableAttorney(db: Db, actor: Actor, attorneyId: string, access: 'READ' | 'UPDATE') {
  const attorney = await requireAttorney(db, attorneyId);
  const own = attorney.userId === actor.userId;
  if (!own && !allowsRecord(actor.permissions, 'ATTORNEY_SCHEDULE', access, { OFFICE: attorney.officeId })) {
    throw AppError.notFound('Attorney');
  }
  return attorney;
}

async function scheduleOf(db: Db, attorney: AttorneyInfo): Promise<AttorneySchedule> {
  const entries = await repo.findSchedules(db, [attorney.attorneyId]);
  return {
    attorneyId: attorney.attorneyId,
    attorneyName: attorney.attorney,
    timeZone: attorney.timeZone,
    entries: entries.map(({ dayOfWeek, startTime, endTime, lawType, jurisdiction }) => ({
      dayOfWeek,
      startTime,
      endTime,
      lawType,
      jurisdiction,
    })),
  };
}

export async function getSchedule(db: Db, actor: Actor, attorneyId: string): Promise<AttorneySchedule> {
  return scheduleOf(db, await reachableAttorney(db, actor, attorneyId, 'READ'));
}

/** PUT the weekly schedule: the attorney's own, or any in an office the caller may manage. */
export async function saveSchedule(db: Db, actor: Actor, attorneyId: string, entries: ScheduleEntry[]) {
  const attorney = await reachableAttorney(db, actor, attorneyId, 'UPDATE');
  const before = await scheduleOf(db, attorney);
  await db.transaction(async (tx) => {
    await repo.replaceSchedule(tx, attorneyId, entries);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'attorney.schedule.update',
      entity: 'attorneys',
      entityId: attorneyId,
      before: before.entries,
      after: entries,
      ip: actor.ip,
      requestId: actor.requestId,
    });
  });
  return scheduleOf(db, attorney);
}

const formatted = (d: Date) => ({ formattedDateTime: d.toISOString() });

/** SPEC §3 event shape (Graph-like) of a stored event. */
export function toCalendarEvent(row: CalendarEventRow, organizer: string | null): CalendarEvent {
  return {
    id: row.id,
    kind: row.kind,
    attorneyId: row.attorneyId,
    appointmentId: row.appointmentId,
    eventTitle: row.subject,
    eventDateTime: row.startsAt.toISOString(),
    eventEndDateTime: row.endsAt.toISOString(),
    eventNotes: row.notes,
    organizer,
    subject: row.subject,
    bodyPreview: row.notes ? row.notes.slice(0, 255) : null,
    location: { displayName: row.location },
    attendees: row.attendees.map((name) => ({ emailAddress: { name } })),
    start: formatted(row.startsAt),
    end: formatted(row.endsAt),
  };
}

/** SPEC §7 calendar events of a user (an attorney's calendar) between two instants. */
/** SPEC §6: the attorneys whose open slots and calendar a caller sees, by their ATTORNEY_AVAILABILITY READ. */
export function mayViewAttorney(actor: Actor, officeId: string | null): boolean {
  return allowsRecord(actor.permissions, 'ATTORNEY_AVAILABILITY', 'READ', { OFFICE: officeId });
}

/**
 * GET /appointment/calendarEvents: the calendar of an attorney in the caller's ATTORNEY_AVAILABILITY scope
 * (404 outside it, and for an unknown user; a user who is no attorney has none). Meetings only in their mailbox show in full to the
 * attorney and to whoever manages their schedule (ATTORNEY_SCHEDULE UPDATE in their office), as busy blocks
 * to everyone else.
 */
export async function attorneyCalendar(
  db: Db,
  actor: Actor,
  query: { userId: string; from: Date; to: Date },
  provider: CalendarProvider,
  log: { warn(details: object, message: string): void },
): Promise<CalendarEvent[]> {
  const [attorney] = await findAttorneys(db, { userIds: [query.userId] });
  if (!attorney) {
    // A user who is no attorney has no calendar, but is judged by their office like one (as /user/allCalendars).
    const user = await repo.findUserOffice(db, query.userId);
    if (!user || !mayViewAttorney(actor, user.officeId)) throw AppError.notFound('User');
    return [];
  }
  // Answered as an unknown user is: 'Attorney not found' would tell that another office's user is an attorney.
  if (!mayViewAttorney(actor, attorney.officeId)) throw AppError.notFound('User');
  const details =
    attorney.userId === actor.userId ||
    allowsRecord(actor.permissions, 'ATTORNEY_SCHEDULE', 'UPDATE', { OFFICE: attorney.officeId });
  const rows = await repo.findEvents(db, [attorney.attorneyId], query.from, query.to);
  const own = rows.map((r) => toCalendarEvent(r, attorney.attorney));
  return withProviderEvents(db, provider, attorney, { from: query.from, to: query.to, details }, own, log);
}

/*
 * Writes of busy time, in the caller's transaction; each written event is handed to the calendar provider's
 * write-through (calendar-sync.ts: nothing with the database provider, a PENDING push with Microsoft Graph). A new
 * booking writes its event in its own statement (newEventSyncState, pushEvent below).
 */
export async function moveAppointmentEvent(
  db: Db,
  appointmentId: string,
  change: { attorneyId: string; startsAt: Date; endsAt: Date },
): Promise<void> {
  for (const id of await repo.moveAppointmentEvent(db, appointmentId, change)) await calendarSync.enqueue(db, id);
}

export async function cancelAppointmentEvent(db: Db, appointmentId: string): Promise<void> {
  for (const id of await repo.cancelAppointmentEvent(db, appointmentId)) await calendarSync.enqueue(db, id);
}

/** For a writer that inserts an appointment's event in its own statement: the state to give the event. */
export const newEventSyncState = (): 'LOCAL' | 'PENDING' => calendarSync.newEventState;

/** After that statement committed: hand the event to the provider's write-through. */
export const pushEvent = (eventId: string): void => calendarSync.push(eventId);
