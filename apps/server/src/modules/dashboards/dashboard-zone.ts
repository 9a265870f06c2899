import {
  addDays,
  dayOfWeekOf,
  instantOfWallTimeCompatible,
  wallTimeOf,
} from '@casedesk/contract/appointments/zoned-time';
import type { CallerZone } from '@casedesk/contract/collections/dashboard';
import { callerZoneLabel, monthOf } from '@casedesk/contract/collections/dashboard';

/**
 * The zone a dashboard counts its days, hours and months in (DESIGN §3): an IANA name (the browser's, or an
 * office's), else SPEC §7's offsetHours fixed for the whole period. The same zone decides the instant ranges
 * the queries read (so an index serves them) and the local hour, day or month a series groups by.
 */
export interface Zone {
  timeZone?: string;
  offsetMinutes: number;
  /** The IANA name, or 'UTC-05:00' for an offset. */
  label: string;
}

export function zoneOf(caller: CallerZone): Zone {
  return {
    ...(caller.timeZone ? { timeZone: caller.timeZone } : {}),
    offsetMinutes: Math.round(caller.offsetHours * 60),
    label: callerZoneLabel(caller),
  };
}

export function namedZone(timeZone: string): Zone {
  return { timeZone, offsetMinutes: 0, label: timeZone };
}

/** The local date of an instant, yyyy-MM-dd. */
export function localDate(instant: Date, zone: Zone): string {
  if (zone.timeZone) return wallTimeOf(instant, zone.timeZone).date;
  return new Date(instant.getTime() + zone.offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/**
 * The instant a local wall time names. A time skipped by spring-forward moves on by the gap; midnight exists
 * on every change day of the American zones (they change at 02:00), so day starts are exact there.
 */
export function instantOf(day: string, minutes: number, zone: Zone): Date {
  if (zone.timeZone) return instantOfWallTimeCompatible(day, minutes, zone.timeZone);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + (minutes - zone.offsetMinutes) * 60_000);
}

/** [from, to) instants of the local days `first` to `last`, both included: 23 or 25 hours on a change day. */
export function dayRange(first: string, last: string, zone: Zone): { from: Date; to: Date } {
  return { from: instantOf(first, 0, zone), to: instantOf(addDays(last, 1), 0, zone) };
}

export interface DashboardDays {
  today: string;
  /** SPEC §2 calendar: weeks start on Sunday. */
  weekFrom: string;
  weekTo: string;
  monthFrom: string;
  monthTo: string;
}

export function daysOf(now: Date, zone: Zone): DashboardDays {
  const today = localDate(now, zone);
  const weekFrom = addDays(today, -dayOfWeekOf(today));
  const month = monthOf(today);
  return { today, weekFrom, weekTo: addDays(weekFrom, 6), monthFrom: month.from, monthTo: month.to };
}

/** yyyy-MM of the month `n` months after the one holding `day` (n may be negative). */
export function plusMonths(day: string, n: number): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The twelve months ending with the one holding `day`, oldest first. */
export function twelveMonths(day: string): string[] {
  return Array.from({ length: 12 }, (_, i) => plusMonths(day, i - 11));
}

/** The last day of a yyyy-MM month. */
export function lastDayOf(month: string): string {
  return monthOf(`${month}-01`).to;
}
