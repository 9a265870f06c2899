import type { EventInput } from '@fullcalendar/core';
import { slotLabel } from '@casedesk/contract/appointments/slots';
import {
  addDays,
  instantOfWallTime,
  instantOfWallTimeCompatible,
  wallTimeOf,
} from '@casedesk/contract/appointments/zoned-time';
import type { CalendarEvent, CalendarEventKind, Holiday } from '@casedesk/contract/calendar/calendar-event';

/**
 * Time and event rules shared by the app's calendars (attorney calendar modal, litigation calendar).
 * FullCalendar runs in its 'UTC' time zone and is fed wall-clock times of one IANA zone (the attorney's
 * office, or the browser's) written as if they were UTC: so the grid shows that zone's hours whatever the
 * browser's zone, and a clicked cell is turned back into a real instant with the contract's zoned-time rules.
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

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The time FullCalendar is asked to scroll to. It scrolls one pixel past a time's top (to hide that row's
 * top border), so asking for 07:00 opened the grid at 505 px; the time one pixel above 504 px (06:59:10)
 * opens it at SPEC's 504.
 */
export const SCROLL_TIME = (() => {
  const seconds = Math.round(((INITIAL_SCROLL_PX - 1) / HOUR_HEIGHT_PX) * 3600);
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
})();

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

/** Colours of the event kinds: each keeps white text at WCAG AA contrast (≥ 4.5:1). */
export const EVENT_KIND_STYLE: Record<CalendarEventKind, { label: string; color: string }> = {
  APPOINTMENT: { label: 'Appointment', color: '#1864ab' },
  EVENT: { label: 'Event', color: '#495057' },
  ARBITRATION: { label: 'Arbitration', color: '#862e9c' },
  MEDIATION: { label: 'Mediation', color: '#237032' },
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
    extendedProps: { kind: event.kind, appointmentId: event.appointmentId, tooltip: eventTooltip(event, timeZone) },
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
