import {
  dayOfWeekOf,
  datesBetween,
  instantOfWallTimeCompatible,
  minutesOfClock,
  wallTimeOf,
  zoneOffsetMinutes,
} from './zoned-time.ts';

/** SPEC §3/§9: appointment lengths in minutes; 30 is the default. */
export const APPOINTMENT_LENGTHS = [15, 30, 60] as const;
export type AppointmentLength = (typeof APPOINTMENT_LENGTHS)[number];
export const DEFAULT_APPOINTMENT_LENGTH: AppointmentLength = 30;

/** SPEC §5: "60 gives half-hour halves, 30 gives halves, 15 gives quarters". */
export function slotStepMinutes(length: AppointmentLength): 15 | 30 {
  return length === 15 ? 15 : 30;
}

/** One weekly working window of an attorney, in the office's wall-clock time. */
export interface WeeklyWindow {
  /** 0 Sunday … 6 Saturday */
  dayOfWeek: number;
  /** 'HH:mm' */
  startTime: string;
  /** 'HH:mm', after startTime; '24:00' is midnight at the end of the day */
  endTime: string;
}

export interface BusyInterval {
  start: Date;
  end: Date;
}

export interface Slot {
  start: Date;
  end: Date;
}

export interface SlotQuery {
  /** yyyy-MM-dd, inclusive, in the office's zone */
  from: string;
  to: string;
  timeZone: string;
  windows: readonly WeeklyWindow[];
  length: AppointmentLength;
  /** Appointments and calendar events the attorney already holds. */
  busy: readonly BusyInterval[];
  /** yyyy-MM-dd holidays: whole days blocked (issue 6). */
  holidays: ReadonlySet<string>;
  now: Date;
  /** SPEC §4 Schedule Past Appointment toggle: off → only future slots, on → only past slots. */
  past: boolean;
}

export interface DaySlots {
  date: string;
  /** false when the attorney does not work that weekday or it is a holiday (SPEC §5: blocked). */
  available: boolean;
  slots: Slot[];
}

function overlaps(a: { start: Date; end: Date }, b: { start: Date; end: Date }): boolean {
  return a.start < b.end && b.start < a.end;
}

/**
 * The bookable slots of one attorney, day by day. Windows are read in the office's zone and walked in
 * real minutes, so on a daylight-saving day 09:00 is still 09:00 and a window over the change has the
 * hours it really has. A slot is offered when it fits its window, overlaps nothing busy and lies on the
 * side of `now` the toggle asks for.
 */
export function computeSlots(query: SlotQuery): DaySlots[] {
  const step = slotStepMinutes(query.length) * 60_000;
  const length = query.length * 60_000;
  return datesBetween(query.from, query.to).map((date) => {
    const dayOfWeek = dayOfWeekOf(date);
    const windows = query.windows.filter((w) => w.dayOfWeek === dayOfWeek);
    if (windows.length === 0 || query.holidays.has(date)) return { date, available: false, slots: [] };
    const slots: Slot[] = [];
    for (const window of windows) {
      const opens = instantOfWallTimeCompatible(date, minutesOfClock(window.startTime), query.timeZone).getTime();
      const closes = instantOfWallTimeCompatible(date, minutesOfClock(window.endTime), query.timeZone).getTime();
      for (let t = opens; t + length <= closes; t += step) {
        const slot = { start: new Date(t), end: new Date(t + length) };
        const onTheRightSide = query.past ? slot.start < query.now : slot.start >= query.now;
        if (onTheRightSide && !query.busy.some((b) => overlaps(slot, b))) slots.push(slot);
      }
    }
    slots.sort((a, b) => a.start.getTime() - b.start.getTime());
    return { date, available: true, slots: uniqueSlots(slots) };
  });
}

/** Two overlapping windows of the same day offer a start once. */
function uniqueSlots(slots: Slot[]): Slot[] {
  return slots.filter((s, i) => i === 0 || s.start.getTime() !== slots[i - 1]!.start.getTime());
}

/** Whether [start, start + length) lies inside one of the attorney's windows on its own local day. */
export function fitsWindows(
  start: Date,
  length: AppointmentLength,
  windows: readonly WeeklyWindow[],
  timeZone: string,
): boolean {
  const { date, dayOfWeek } = wallTimeOf(start, timeZone);
  const end = start.getTime() + length * 60_000;
  return windows.some((w) => {
    if (w.dayOfWeek !== dayOfWeek) return false;
    const opens = instantOfWallTimeCompatible(date, minutesOfClock(w.startTime), timeZone).getTime();
    const closes = instantOfWallTimeCompatible(date, minutesOfClock(w.endTime), timeZone).getTime();
    return start.getTime() >= opens && end <= closes;
  });
}

/** 'h:mm AM' of an instant in a zone, the way slots are labelled on screen. */
export function slotLabel(instant: Date, timeZone: string): string {
  // The clock only, without wallTimeOf's date string: a week of every attorney labels thousands of slots.
  const minutes = Math.floor((instant.getTime() / 60_000 + zoneOffsetMinutes(instant.getTime(), timeZone)) % 1440);
  const local = (minutes + 1440) % 1440;
  const hour = Math.floor(local / 60);
  const minute = String(local % 60).padStart(2, '0');
  return `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
}
