import type { EventInput } from '@fullcalendar/core';
import { slotLabel, slotStepMinutes, type AppointmentLength } from '@casedesk/contract/appointments/slots';
import {
  addDays,
  instantOfWallTime,
  instantOfWallTimeCompatible,
  wallTimeOf,
} from '@casedesk/contract/appointments/zoned-time';
import type { AvailabilityRecord } from '@casedesk/contract/attorneys/attorney-schedule';
import type { CalendarEvent, CalendarEventKind, Holiday } from '@casedesk/contract/calendar/calendar-event';

/**
 * Pure rules of the calendar modal (SPEC §2 Calendar modal, §4 calendar fetch and Schedule Past toggle,
 * §5 slots). FullCalendar runs in its 'UTC' time zone and is fed wall-clock times of the attorney's office
 * zone written as if they were UTC: so the grid shows the office's hours whatever the browser's zone, and
 * a clicked cell is turned back into a real instant with the contract's zoned-time rules.
 */

export type CalendarViewName = 'week' | 'month' | 'year';

export const FULLCALENDAR_VIEW: Record<CalendarViewName, string> = {
  week: 'timeGridWeek',
  month: 'dayGridMonth',
  year: 'multiMonthYear',
};

export function viewNameOf(fullCalendarView: string): CalendarViewName {
  if (fullCalendarView === FULLCALENDAR_VIEW.month) return 'month';
  if (fullCalendarView === FULLCALENDAR_VIEW.year) return 'year';
  return 'week';
}

/** SPEC §9: calendar events are fetched 1 s after the visible range changes. */
export const EVENTS_FETCH_DELAY_MS = 1000;
/** SPEC §2: week view hour rows are 72 px high and the grid opens scrolled by 504 px (07:00). */
export const HOUR_HEIGHT_PX = 72;
export const INITIAL_SCROLL_PX = 504;
export const SCROLL_TIME = '07:00:00';
/** The availability call reads at most 31 days after its start date (contract SCHEDULE_MESSAGES.rangeTooLong). */
export const AVAILABILITY_CHUNK_DAYS = 31;

/** SPEC §5: 60 and 30 minute appointments are offered on half hours, 15 minute ones on quarters. */
export function slotMinutesOf(length: AppointmentLength): 15 | 30 {
  return slotStepMinutes(length);
}

/** Height of one slot row: an hour is always 72 px (halves 36 px, quarters 18 px). */
export function slotHeightPx(length: AppointmentLength): number {
  return (HOUR_HEIGHT_PX * slotMinutesOf(length)) / 60;
}

/** 'HH:mm:ss' duration of one slot, as FullCalendar's slotDuration reads it. */
export function slotDurationOf(length: AppointmentLength): string {
  return `00:${String(slotMinutesOf(length)).padStart(2, '0')}:00`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the office's wall-clock time, 'yyyy-MM-ddTHH:mm:00' without offset (FullCalendar's UTC mode). */
export function toCalendarTime(instant: Date | string | number, timeZone: string): string {
  const { date, minutes } = wallTimeOf(new Date(instant), timeZone);
  return `${date}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00`;
}

/** The wall-clock date and minutes a FullCalendar date (UTC-coerced) stands for. */
export function wallOfCalendarDate(date: Date): { date: string; minutes: number } {
  return { date: date.toISOString().slice(0, 10), minutes: date.getUTCHours() * 60 + date.getUTCMinutes() };
}

/** The instant a clicked cell names in the office zone; null for a time skipped by spring-forward. */
export function instantOfCalendarDate(date: Date, timeZone: string): Date | null {
  const wall = wallOfCalendarDate(date);
  return instantOfWallTime(wall.date, wall.minutes, timeZone);
}

/** The visible days of a view: FullCalendar's [start, end) as office dates, end exclusive. */
export interface VisibleRange {
  startDate: string;
  endDate: string;
}

export function visibleRangeOf(start: Date, end: Date): VisibleRange {
  return { startDate: wallOfCalendarDate(start).date, endDate: wallOfCalendarDate(end).date };
}

/**
 * SPEC §4: the fetch covers one day before and two days after the visible range. Office dates: `from`
 * inclusive, `to` exclusive (so the last fetched day is the visible end + 1).
 */
export function fetchRangeOf(range: VisibleRange): { from: string; to: string } {
  return { from: addDays(range.startDate, -1), to: addDays(range.endDate, 2) };
}

/** The instants bounding the fetch range in the office zone, for the calendarEvents call. */
export function fetchInstantsOf(range: VisibleRange, timeZone: string): { startDateTime: string; endDateTime: string } {
  const { from, to } = fetchRangeOf(range);
  return {
    startDateTime: instantOfWallTimeCompatible(from, 0, timeZone).toISOString(),
    endDateTime: instantOfWallTimeCompatible(to, 0, timeZone).toISOString(),
  };
}

/** Inclusive date spans of at most `maxDays` days covering [from, to) — a year view needs a dozen calls. */
export function dateChunks(
  from: string,
  toExclusive: string,
  maxDays = AVAILABILITY_CHUNK_DAYS,
): { startDate: string; endDate: string }[] {
  const chunks: { startDate: string; endDate: string }[] = [];
  for (let start = from; start < toExclusive; start = addDays(start, maxDays)) {
    const last = addDays(start, maxDays - 1);
    const lastDay = addDays(toExclusive, -1);
    chunks.push({ startDate: start, endDate: last < lastDay ? last : lastDay });
  }
  return chunks;
}

/** What the availability answers tell the calendar: free slot starts and days the attorney does not work. */
export interface AvailabilityIndex {
  /** Start instants (ms) of the bookable slots, on the side of now the toggle asked for. */
  freeStarts: ReadonlySet<number>;
  /** Office dates outside the attorney's weekly schedule or on a holiday. */
  blockedDates: ReadonlySet<string>;
  /** Free slots as [start, end) instants, for the week view's shading. */
  freeSlots: readonly { start: string; end: string }[];
}

export function indexAvailability(records: readonly AvailabilityRecord[]): AvailabilityIndex {
  const freeStarts = new Set<number>();
  const blockedDates = new Set<string>();
  const freeSlots: { start: string; end: string }[] = [];
  for (const record of records) {
    for (const day of record.availableSlots) {
      if (!day.available) blockedDates.add(day.date);
      for (const slot of day.slots) {
        const start = Date.parse(slot.start);
        if (freeStarts.has(start)) continue;
        freeStarts.add(start);
        freeSlots.push({ start: slot.start, end: slot.end });
      }
    }
  }
  return { freeStarts, blockedDates, freeSlots };
}

export interface SlotQuestion {
  /** The instant of the clicked cell (null: a time that does not exist that day). */
  start: Date | null;
  /** The office date of the cell, yyyy-MM-dd. */
  date?: string;
  length: AppointmentLength;
  index: AvailabilityIndex;
  /** Busy time already loaded for the attorney (appointments, events, litigation). */
  events: readonly Pick<CalendarEvent, 'eventDateTime' | 'eventEndDateTime'>[];
  now: Date;
  /** SPEC §4 Schedule Past Appointment toggle: off → only future slots, on → only past slots. */
  past: boolean;
}

export const SLOT_REFUSALS = {
  missing: 'This time does not exist on this day (daylight saving).',
  blocked: 'The attorney does not work on this day.',
  future: 'Only future slots can be booked. Turn on Schedule Past Appointment to book a past one.',
  past: 'Schedule Past Appointment is on: only past slots can be booked.',
  busy: 'This time is already taken.',
  closed: 'This time is outside the attorney’s working hours.',
} as const;

/**
 * Why a cell cannot be booked, or null when it can: the server offered it as a free slot (inside the
 * attorney's windows, not on a blocked day or holiday, not busy) and, as of now, it still lies on the
 * toggle's side of now and overlaps nothing loaded since.
 */
export function slotRefusal(q: SlotQuestion): string | null {
  if (!q.start) return SLOT_REFUSALS.missing;
  const start = q.start.getTime();
  if (q.date && q.index.blockedDates.has(q.date)) return SLOT_REFUSALS.blocked;
  if (!q.past && start < q.now.getTime()) return SLOT_REFUSALS.future;
  if (q.past && start >= q.now.getTime()) return SLOT_REFUSALS.past;
  const end = start + q.length * 60_000;
  if (q.events.some((e) => Date.parse(e.eventDateTime) < end && start < Date.parse(e.eventEndDateTime))) {
    return SLOT_REFUSALS.busy;
  }
  return q.index.freeStarts.has(start) ? null : SLOT_REFUSALS.closed;
}

export function isSelectableSlot(q: SlotQuestion): boolean {
  return slotRefusal(q) === null;
}

/** Colours of the event kinds: each keeps white text at WCAG AA contrast (≥ 4.5:1). */
export const EVENT_KIND_STYLE: Record<CalendarEventKind, { label: string; color: string }> = {
  APPOINTMENT: { label: 'Appointment', color: '#1864ab' },
  EVENT: { label: 'Event', color: '#495057' },
  ARBITRATION: { label: 'Arbitration', color: '#862e9c' },
  MEDIATION: { label: 'Mediation', color: '#2b8a3e' },
  TRIAL: { label: 'Trial', color: '#c92a2a' },
};

export const LITIGATION_KINDS = ['ARBITRATION', 'MEDIATION', 'TRIAL'] as const satisfies readonly CalendarEventKind[];

export function isLitigationKind(kind: CalendarEventKind): boolean {
  return (LITIGATION_KINDS as readonly CalendarEventKind[]).includes(kind);
}

/** A calendar event as FullCalendar input, in the office's wall-clock time, coloured by its kind. */
export function toEventInput(
  event: CalendarEvent & { attorneyName?: string },
  timeZone: string,
  options: { withAttorney?: boolean } = {},
): EventInput {
  const { color } = EVENT_KIND_STYLE[event.kind];
  const title = options.withAttorney && event.attorneyName ? `${event.subject} · ${event.attorneyName}` : event.subject;
  return {
    id: event.id,
    title,
    start: toCalendarTime(event.eventDateTime, timeZone),
    end: toCalendarTime(event.eventEndDateTime, timeZone),
    backgroundColor: color,
    borderColor: color,
    textColor: '#ffffff',
    classNames: ['cd-event', `cd-event-${event.kind.toLowerCase()}`],
    extendedProps: { kind: event.kind, tooltip: eventTooltip(event, timeZone) },
  };
}

/** Holidays as labelled all-day background events (the whole day is blocked for booking). */
export function holidayInputs(holidays: readonly Holiday[]): EventInput[] {
  return holidays.map((h) => ({
    id: `holiday-${h.id}`,
    title: h.name,
    start: h.date,
    allDay: true,
    display: 'background',
    classNames: ['cd-holiday'],
  }));
}

/** Free slots merged into runs and shaded in the week view (where a click books). */
export function freeSlotInputs(index: AvailabilityIndex, timeZone: string): EventInput[] {
  const sorted = [...index.freeSlots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const runs: { start: number; end: number }[] = [];
  for (const slot of sorted) {
    const start = Date.parse(slot.start);
    const end = Date.parse(slot.end);
    const last = runs.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else runs.push({ start, end });
  }
  return runs.map((run) => ({
    start: toCalendarTime(run.start, timeZone),
    end: toCalendarTime(run.end, timeZone),
    display: 'background',
    classNames: ['cd-free'],
  }));
}

/** The text of an event's tooltip: kind, subject, time range in the office zone, attorney and place. */
export function eventTooltip(event: CalendarEvent & { attorneyName?: string }, timeZone: string): string {
  const time = (iso: string) => slotLabel(new Date(iso), timeZone);
  return [
    `${EVENT_KIND_STYLE[event.kind].label}: ${event.subject}`,
    `${time(event.eventDateTime)} – ${time(event.eventEndDateTime)}`,
    event.attorneyName,
    event.location.displayName,
  ]
    .filter(Boolean)
    .join('\n');
}
