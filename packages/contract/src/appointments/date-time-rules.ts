import { instantOfWallTime, wallTimeOf } from './zoned-time.ts';

/** SPEC §5 date-time picker messages; 'must be a valid date.' is the §5 date wording. */
export const DATE_TIME_MESSAGES = {
  past: (label: string) => `${label} cannot be past date.`,
  future: (label: string) => `${label} cannot be future date.`,
  required: (label: string) => `${label} is a required field.`,
  invalid: (label: string) => `${label} must be a valid date.`,
} as const;

/** SPEC §5 book appointment: shown, not blocking, when the chosen time is already past. */
export const BEFORE_NOW_WARNING = 'Appointment is before current date.';

/** SPEC §9: past date-times are clamped to 30 minutes before now. */
export const PAST_CLAMP_MINUTES = 30;

export interface PickerValue {
  /** yyyy-MM-dd */
  date: string;
  /** minutes after midnight, or null for a date without a time */
  minutes: number | null;
}

const PICKER_FORMAT = /^(\d{2})-(\d{2})-(\d{4})(?: (\d{2}):(\d{2}) (AM|PM))?$/;

/** SPEC §5: 'MM-dd-yyyy' or 'MM-dd-yyyy hh:mm AM/PM' (12-hour); null when it is not a real date-time. */
export function parsePickerValue(value: string): PickerValue | null {
  const match = PICKER_FORMAT.exec(value.trim());
  if (!match) return null;
  const [, mm, dd, yyyy, hh, min, meridiem] = match;
  const month = Number(mm);
  const day = Number(dd);
  const year = Number(yyyy);
  const real = new Date(Date.UTC(year, month - 1, day));
  if (real.getUTCFullYear() !== year || real.getUTCMonth() !== month - 1 || real.getUTCDate() !== day) return null;
  const date = `${yyyy}-${mm}-${dd}`;
  if (hh === undefined) return { date, minutes: null };
  const hour = Number(hh);
  const minute = Number(min);
  if (hour < 1 || hour > 12 || minute > 59) return null;
  return { date, minutes: ((hour % 12) + (meridiem === 'PM' ? 12 : 0)) * 60 + minute };
}

/** The picker's text for an instant in a zone: 'MM-dd-yyyy hh:mm AM'. */
export function formatPickerValue(instant: Date, timeZone: string): string {
  const { date, minutes } = wallTimeOf(instant, timeZone);
  const [y, m, d] = date.split('-');
  const hour = Math.floor(minutes / 60);
  const h12 = String(hour % 12 === 0 ? 12 : hour % 12).padStart(2, '0');
  return `${m}-${d}-${y} ${h12}:${String(minutes % 60).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

export interface DateTimeCheck {
  now: Date;
  timeZone: string;
  /** SPEC §4 Schedule Past Appointment: off → 'future' (past dates refused), on → 'past'. */
  allow: 'future' | 'past';
}

/**
 * The picker's error, or null. Days are compared in the office's zone: today is never a past date, so
 * a time earlier today is accepted and clamped (clampPastDateTime) with the before-now warning.
 */
export function dateTimeError(label: string, value: string, check: DateTimeCheck): string | null {
  if (value.trim() === '') return DATE_TIME_MESSAGES.required(label);
  const parsed = parsePickerValue(value);
  if (!parsed) return DATE_TIME_MESSAGES.invalid(label);
  if (parsed.minutes !== null && !instantOfWallTime(parsed.date, parsed.minutes, check.timeZone)) {
    // A time skipped by the daylight-saving change does not exist on that day.
    return DATE_TIME_MESSAGES.invalid(label);
  }
  const today = wallTimeOf(check.now, check.timeZone).date;
  if (check.allow === 'future' && parsed.date < today) return DATE_TIME_MESSAGES.past(label);
  if (check.allow === 'past') {
    if (parsed.date > today) return DATE_TIME_MESSAGES.future(label);
    const instant = parsed.minutes === null ? null : instantOfWallTime(parsed.date, parsed.minutes, check.timeZone);
    if (instant && instant > check.now) return DATE_TIME_MESSAGES.future(label);
  }
  return null;
}

/** SPEC §5/§9: a past date-time is clamped to 30 minutes before now. */
export function clampPastDateTime(instant: Date, now: Date): Date {
  const floor = now.getTime() - PAST_CLAMP_MINUTES * 60_000;
  return instant.getTime() < floor ? new Date(floor) : instant;
}

/** SPEC §5: the book modal warns (without blocking) when the appointment is before now. */
export function isBeforeNow(instant: Date, now: Date): boolean {
  return instant.getTime() < now.getTime();
}
