import { PAUSE_BACKDATE_DAYS } from '@casedesk/contract/collections/payment-plan';

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd of a day in the browser's time zone (SPEC §4 row colours judge "passed" on the browser's day). */
export function browserDay(at: Date = new Date()): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The browser's day `days` later (negative: earlier), across months and years. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return browserDay(new Date(y, m - 1, d + days));
}

/** The days a pause may start on: today back to PAUSE_BACKDATE_DAYS days ago. */
export function pauseFromRange(today: string): { min: string; max: string } {
  return { min: addDays(today, -PAUSE_BACKDATE_DAYS), max: today };
}

export const isDay = (text: string | null | undefined): text is string => /^\d{4}-\d{2}-\d{2}$/.test(text ?? '');
