import { addDays, dayOfWeekOf, instantOfWallTimeCompatible, wallTimeOf } from '../appointments/zoned-time.ts';
import type { WorkflowStepTiming } from './workflow.ts';

/** A workflow never waits more than a year for a business day; past that the holiday list is wrong. */
const MAX_DAYS_SKIPPED = 366;

/** Saturday and Sunday. */
export function isWeekend(date: string): boolean {
  const day = dayOfWeekOf(date);
  return day === 0 || day === 6;
}

/**
 * When a workflow step is due, given when the step before it ran (the first step: when its event happened).
 * All in the office's time zone, so daylight-saving days do not shift the hour:
 *
 * - the local date `delayDays` after the previous one;
 * - at `atHour` local time; an hour that has already passed on that date (only possible at 0 days) moves to the
 *   next day, so a step never runs at an hour it was not told to. A local hour skipped by spring-forward is
 *   read as the hour after the gap. Without an hour, at the previous step's own local time of day (right away
 *   at 0 days);
 * - with `businessDaysOnly`, moved on to the next date that is neither a weekend nor a holiday, same hour.
 *
 * `isHoliday` answers for a local date (yyyy-MM-dd): the office's holidays and the firm-wide ones.
 */
export function stepDueAt(
  previousAt: Date,
  step: WorkflowStepTiming,
  timeZone: string,
  isHoliday: (date: string) => boolean,
): Date {
  const local = wallTimeOf(previousAt, timeZone);
  const at = (date: string): Date => {
    if (step.atHour !== null) return instantOfWallTimeCompatible(date, step.atHour * 60, timeZone);
    // The previous step's time of day, seconds included, so 0 days is the very instant.
    const sameClock = instantOfWallTimeCompatible(date, local.minutes, timeZone).getTime();
    return new Date(sameClock + (previousAt.getTime() - Math.floor(previousAt.getTime() / 60_000) * 60_000));
  };
  let date = addDays(local.date, step.delayDays);
  if (step.atHour !== null && at(date) < previousAt) date = addDays(date, 1);
  if (step.businessDaysOnly) date = nextBusinessDay(date, isHoliday);
  const due = at(date);
  // Without an hour, a repeated fall-back hour can read an hour early: never before the previous step.
  return due < previousAt ? previousAt : due;
}

/** The date itself when it is a business day, else the first one after it. */
export function nextBusinessDay(date: string, isHoliday: (date: string) => boolean): string {
  let day = date;
  for (let skipped = 0; isWeekend(day) || isHoliday(day); skipped++) {
    if (skipped >= MAX_DAYS_SKIPPED) throw new Error(`No business day within ${MAX_DAYS_SKIPPED} days of ${date}`);
    day = addDays(day, 1);
  }
  return day;
}

/** The local dates a step's due time can fall on, for loading holidays: its date and a generous margin after. */
export function holidayWindow(previousAt: Date, step: WorkflowStepTiming, timeZone: string): [string, string] {
  const start = addDays(wallTimeOf(previousAt, timeZone).date, step.delayDays);
  return [start, addDays(start, 60)];
}
