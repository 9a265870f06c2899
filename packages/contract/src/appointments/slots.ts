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
  /** yyyy-MM-dd holidays: whole days blocked. */
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

/** One day of slot starts (epoch ms, ascending, distinct): candidates (slotGrid) or the open ones (openStarts). */
export interface GridDay {
  date: string;
  available: boolean;
  starts: number[];
}

/**
 * The slot starts an attorney's windows offer day by day, before busy time and `now`. Windows are read in
 * the office's zone and walked in real minutes, so on a daylight-saving day 09:00 is still 09:00 and a
 * window over the change has the hours it really has. It depends only on the office (zone, holidays) and
 * the windows, so every attorney with the same hours in one office can share one grid.
 */
export function slotGrid(query: Omit<SlotQuery, 'busy' | 'now' | 'past'>): GridDay[] {
  const step = slotStepMinutes(query.length) * 60_000;
  const length = query.length * 60_000;
  return datesBetween(query.from, query.to).map((date) => {
    const dayOfWeek = dayOfWeekOf(date);
    const windows = query.windows.filter((w) => w.dayOfWeek === dayOfWeek);
    if (windows.length === 0 || query.holidays.has(date)) return { date, available: false, starts: [] };
    const starts: number[] = [];
    for (const window of windows) {
      const opens = instantOfWallTimeCompatible(date, minutesOfClock(window.startTime), query.timeZone).getTime();
      const closes = instantOfWallTimeCompatible(date, minutesOfClock(window.endTime), query.timeZone).getTime();
      for (let t = opens; t + length <= closes; t += step) starts.push(t);
    }
    // Two overlapping windows of the same day offer a start once.
    starts.sort((a, b) => a - b);
    return { date, available: true, starts: starts.filter((t, i) => i === 0 || t !== starts[i - 1]) };
  });
}

/** Busy time as epoch milliseconds, as the availability query reads it (no Date per calendar event). */
export interface BusyRun {
  start: number;
  end: number;
}

/** Busy time as disjoint [start, end) runs in ms, ascending: their ends ascend too, so one pass can sweep them. */
export function mergeBusy(busy: readonly BusyRun[]): BusyRun[] {
  // Copies: a run's end is widened in place below.
  const sorted = busy.map((b) => ({ start: b.start, end: b.end })).sort((a, b) => a.start - b.start);
  const merged: BusyRun[] = [];
  for (const interval of sorted) {
    const last = merged[merged.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push(interval);
  }
  return merged;
}

/**
 * The grid's slots that overlap nothing busy and lie on the side of `now` the toggle asks for, as slot
 * start instants. One sweep over the merged busy runs per day (slots and runs both ascend), so a week of
 * quarter hours against many events stays linear.
 */
export function openStarts(
  grid: readonly GridDay[],
  busy: readonly BusyRun[],
  length: AppointmentLength,
  now: Date,
  past: boolean,
): GridDay[] {
  const ms = length * 60_000;
  const nowMs = now.getTime();
  let run = 0;
  return grid.map((day) => {
    const starts: number[] = [];
    for (const t of day.starts) {
      if (past ? t >= nowMs : t < nowMs) continue;
      while (run < busy.length && busy[run]!.end <= t) run++;
      const next = busy[run];
      if (!next || next.start >= t + ms) starts.push(t);
    }
    return { date: day.date, available: day.available, starts };
  });
}

/**
 * The bookable slots of one attorney, day by day: the grid of their windows minus busy time, on the side
 * of `now` the toggle asks for.
 */
export function computeSlots(query: SlotQuery): DaySlots[] {
  const length = query.length * 60_000;
  const busy = query.busy.map((b) => ({ start: b.start.getTime(), end: b.end.getTime() }));
  return openStarts(slotGrid(query), mergeBusy(busy), query.length, query.now, query.past).map((day) => ({
    date: day.date,
    available: day.available,
    slots: day.starts.map((t) => ({ start: new Date(t), end: new Date(t + length) })),
  }));
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
