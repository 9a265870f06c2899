import dayjs from 'dayjs';
import type { z } from 'zod';
import {
  attorneyScheduleWriteSchema,
  SCHEDULE_MESSAGES,
  type AttorneySchedule,
} from '@casedesk/contract/attorneys/attorney-schedule';
import { minutesOfClock } from '@casedesk/contract/appointments/zoned-time';

/** What the editor holds: exactly the PUT body's input, so the contract schema validates it as the server does. */
export type ScheduleFormValues = z.input<typeof attorneyScheduleWriteSchema>;
export type ScheduleFormEntry = ScheduleFormValues['entries'][number];

/** SPEC §3 dayOfWeek 0 (Sunday) … 6 (Saturday). */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONDAY = 1;
const TUESDAY_TO_FRIDAY = [2, 3, 4, 5] as const;

const byDayAndStart = (a: ScheduleFormEntry, b: ScheduleFormEntry) =>
  a.dayOfWeek - b.dayOfWeek || a.startTime.localeCompare(b.startTime);

/** The saved schedule as form values, each day's windows in time order. */
export function formValuesOf(schedule: Pick<AttorneySchedule, 'entries'>): ScheduleFormValues {
  return {
    entries: schedule.entries
      .map(({ dayOfWeek, startTime, endTime, lawType, jurisdiction }) => ({
        dayOfWeek,
        startTime,
        endTime,
        lawType,
        jurisdiction,
      }))
      .sort(byDayAndStart),
  };
}

const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * A new window for a day: the hour after its last window when there is room, else a working day
 * (09:00–17:00) for an empty day. The user adjusts it; validation says when it collides.
 */
export function newWindow(dayOfWeek: number, dayEntries: readonly ScheduleFormEntry[]): ScheduleFormEntry {
  const lastEnd = Math.max(-1, ...dayEntries.map((e) => minutesOfClock(e.endTime)));
  if (lastEnd < 0) return { dayOfWeek, startTime: '09:00', endTime: '17:00', lawType: null, jurisdiction: null };
  const start = Math.min(lastEnd, 23 * 60);
  return {
    dayOfWeek,
    startTime: clockOf(start),
    endTime: clockOf(Math.min(start + 60, 24 * 60)),
    lawType: null,
    jurisdiction: null,
  };
}

/** Tuesday to Friday become copies of Monday (law type and jurisdiction included); the weekend is kept. */
export function copyMondayToWeekdays(entries: readonly ScheduleFormEntry[]): ScheduleFormEntry[] {
  const monday = entries.filter((e) => e.dayOfWeek === MONDAY);
  const kept = entries.filter((e) => !(TUESDAY_TO_FRIDAY as readonly number[]).includes(e.dayOfWeek));
  const copies = TUESDAY_TO_FRIDAY.flatMap((dayOfWeek) => monday.map((e) => ({ ...e, dayOfWeek })));
  return [...kept, ...copies].sort(byDayAndStart);
}

/**
 * The days whose windows overlap, by the contract's own rule (the schema applied to that day alone),
 * so the editor can say where the server's 'Working hours of the same day must not overlap.' applies.
 */
export function overlappingDays(entries: readonly ScheduleFormEntry[]): Set<number> {
  const days = new Set<number>();
  for (const dayOfWeek of new Set(entries.map((e) => e.dayOfWeek))) {
    const result = attorneyScheduleWriteSchema.safeParse({ entries: entries.filter((e) => e.dayOfWeek === dayOfWeek) });
    if (result.error?.issues.some((issue) => issue.message === SCHEDULE_MESSAGES.overlap)) days.add(dayOfWeek);
  }
  return days;
}

/** '13:30' → '1:30 PM'; '24:00' is the end of the day. */
export function clockLabel(clock: string): string {
  if (clock === '24:00') return '12:00 AM (midnight)';
  return dayjs(`2000-01-01T${clock}`).format('h:mm A');
}

export interface ClockOption {
  value: string;
  label: string;
}

const STEP_MINUTES = 15;

/**
 * Quarter hours of the day for a start ('00:00'–'23:45') or an end ('00:15'–'24:00'); a saved value off the
 * quarter-hour grid is kept as an option so it shows as it is.
 */
function quarterHours(kind: 'start' | 'end'): ClockOption[] {
  const first = kind === 'start' ? 0 : STEP_MINUTES;
  const last = kind === 'start' ? 24 * 60 - STEP_MINUTES : 24 * 60;
  const options: ClockOption[] = [];
  for (let m = first; m <= last; m += STEP_MINUTES) options.push({ value: clockOf(m), label: clockLabel(clockOf(m)) });
  return options;
}

// One list per kind, made once: every picker of the week shares it, so a render neither rebuilds 96
// labels per field nor makes the Select parse its data again.
const QUARTER_HOURS = { start: quarterHours('start'), end: quarterHours('end') };

export function clockOptions(kind: 'start' | 'end', current?: string): ClockOption[] {
  const grid = QUARTER_HOURS[kind];
  if (!current || grid.some((option) => option.value === current)) return grid;
  return [...grid, { value: current, label: clockLabel(current) }].sort((a, b) => a.value.localeCompare(b.value));
}

/** RHF field names the server's fieldErrors may name ('entries.3.endTime', 'entries'). */
export function formFieldOf(serverKey: string): `entries.${number}.${keyof ScheduleFormEntry}` | 'entries' | null {
  if (serverKey === 'entries') return 'entries';
  const match = /^entries\.(\d+)\.(dayOfWeek|startTime|endTime|lawType|jurisdiction)$/.exec(serverKey);
  return match ? (`entries.${Number(match[1])}.${match[2] as keyof ScheduleFormEntry}` as const) : null;
}
