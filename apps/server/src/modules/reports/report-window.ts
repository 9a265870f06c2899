import { addDays, instantOfWallTimeCompatible, wallTimeOf } from '@casedesk/contract/appointments/zoned-time';
import type { CallerZone } from '@casedesk/contract/collections/dashboard';

/**
 * The instants of a report and how its days are told apart (DESIGN §3): a named IANA zone when the caller
 * sent one, else SPEC §7's offsetHours, fixed for the whole period.
 */
export interface ReportWindow {
  from: Date;
  to: Date;
  /** The IANA zone days are bucketed in; undefined when they are told by the fixed offset. */
  timeZone?: string;
  /** Minutes east of UTC, used only without a zone name. */
  offsetMinutes: number;
  officeId?: string;
}

/** The report's local days as instants: from the first day's midnight to the midnight after the last. */
export function reportWindow(
  range: { dateFrom: string; dateTo: string; officeId?: string; timeZone?: string },
  offsetHours: number,
): ReportWindow {
  const after = addDays(range.dateTo, 1);
  if (range.timeZone) {
    // A zone whose clocks skip midnight (a few move at 00:00) starts that day at the first minute it has.
    return {
      from: instantOfWallTimeCompatible(range.dateFrom, 0, range.timeZone),
      to: instantOfWallTimeCompatible(after, 0, range.timeZone),
      timeZone: range.timeZone,
      offsetMinutes: 0,
      officeId: range.officeId,
    };
  }
  const shift = offsetHours * 3_600_000;
  return {
    from: new Date(Date.parse(`${range.dateFrom}T00:00:00Z`) - shift),
    to: new Date(Date.parse(`${after}T00:00:00Z`) - shift),
    offsetMinutes: Math.round(offsetHours * 60),
    officeId: range.officeId,
  };
}

/** The zone a report's days and its "generated at" are told in, as CallerZone says it. */
export function callerZoneOf(range: { timeZone?: string }, offsetHours: number): CallerZone {
  return range.timeZone ? { timeZone: range.timeZone, offsetHours } : { offsetHours };
}

/** 'MM-dd-yyyy hh:mm AM' (SPEC §5's date-time format) of an instant in the caller's zone. */
export function formatCallerTime(at: Date, zone: CallerZone): string {
  const wall = zone.timeZone
    ? wallTimeOf(at, zone.timeZone)
    : wallTimeOf(at.getTime() + zone.offsetHours * 3_600_000, 'UTC');
  const [y, m, d] = wall.date.split('-');
  const hours = Math.floor(wall.minutes / 60);
  const minutes = String(wall.minutes % 60).padStart(2, '0');
  const clock = `${String(((hours + 11) % 12) + 1).padStart(2, '0')}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${m}-${d}-${y} ${clock}`;
}
