import type { EventInput } from '@fullcalendar/core';
import { slotStepMinutes, type AppointmentLength } from '@casedesk/contract/appointments/slots';
import { addDays } from '@casedesk/contract/appointments/zoned-time';
import type { AvailabilityRecord } from '@casedesk/contract/attorneys/attorney-schedule';
import type { CalendarEvent } from '@casedesk/contract/calendar/calendar-event';
import { HOUR_HEIGHT_PX, toCalendarTime } from '@/components/calendar/calendar-time.ts';

/**
 * Pure rules of the attorney calendar modal (SPEC §2 Calendar modal, §4 Schedule Past toggle, §5 slots):
 * slot geometry, availability calls in chunks, which cell can be booked and why not.
 */

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
}

export function indexAvailability(records: readonly AvailabilityRecord[]): AvailabilityIndex {
  const freeStarts = new Set<number>();
  const blockedDates = new Set<string>();
  for (const record of records) {
    for (const day of record.availableSlots) {
      if (!day.available) blockedDates.add(day.date);
      for (const slot of day.slots) freeStarts.add(Date.parse(slot.start));
    }
  }
  return { freeStarts, blockedDates };
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

/** The extendedProps key of a free cell's accessible name, 'Book a 30-minute appointment on …' (CalendarView). */
export const FREE_SLOT_LABEL = 'bookLabel';

/**
 * The week view's free cells, shaded: one per bookable start, as long as a row (the slot step), so green is
 * exactly where a click books, and each is a button a keyboard can reach (CalendarView, FREE_SLOT_LABEL).
 * Cells of one run touch, so they shade as one block.
 */
export function freeSlotInputs(index: AvailabilityIndex, timeZone: string, length: AppointmentLength): EventInput[] {
  const step = slotMinutesOf(length) * 60_000;
  const label = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return [...index.freeStarts]
    .sort((a, b) => a - b)
    .map((start) => ({
      start: toCalendarTime(start, timeZone),
      end: toCalendarTime(start + step, timeZone),
      display: 'background',
      classNames: ['cd-free'],
      // Some ICU versions put a narrow no-break space before AM/PM; a plain one reads the same everywhere.
      extendedProps: {
        [FREE_SLOT_LABEL]: `Book a ${length}-minute appointment on ${label.format(start).replace(/\u202f/g, ' ')}`,
      },
    }));
}
