import { formatDateInput } from '@casedesk/contract/common/text';

/**
 * Today at an office (yyyy-MM-dd in its IANA time zone): the day a plan's "today", its backdating and its
 * daily job are judged by (DESIGN §3: days are bucketed in a named zone).
 */
export function officeToday(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The hour (0–23) at an office now. */
export function officeHour(timeZone: string, now: Date = new Date()): number {
  const hour = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now);
  return Number(hour);
}

/** A day as SPEC §5 shows dates, MM-dd-yyyy. */
export const shownDate = (day: string): string => formatDateInput(day);
