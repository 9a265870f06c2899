/**
 * Wall-clock times in an office's IANA time zone ↔ instants, with the engine's own Intl data, so the
 * browser and the server agree without a time-zone library. DESIGN §3: slots are computed in
 * the office's zone and stored as instants; daylight-saving days must not slip.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface WallTime {
  /** yyyy-MM-dd */
  date: string;
  /** minutes after local midnight */
  minutes: number;
  /** 0 Sunday … 6 Saturday */
  dayOfWeek: number;
}

/** The wall clock the engine's Intl data reads for an instant: the slow path, once per offset bucket. */
function intlOffsetMinutes(instant: number, timeZone: string): number {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(instant))) parts[p.type] = p.value;
  const asUtc =
    Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) +
    (Number(parts.hour) * 60 + Number(parts.minute)) * 60_000;
  return Math.round((asUtc - (instant - (((instant % 60_000) + 60_000) % 60_000))) / 60_000);
}

/**
 * Offsets change only at transitions, and every zone's transitions since the 1970s fall on a quarter hour
 * of UTC, so one Intl read serves a whole quarter hour. A week of 100 attorneys' slots asks tens of
 * thousands of times (formatToParts costs microseconds each; this made availability ~20× faster).
 */
const OFFSET_BUCKET_MS = 15 * 60_000;
const MAX_CACHED_BUCKETS = 20_000;
const offsetCache = new Map<string, Map<number, number>>();

/** The zone's offset from UTC at an instant, in minutes (−300 for New York in winter). */
export function zoneOffsetMinutes(instant: number, timeZone: string): number {
  let zone = offsetCache.get(timeZone);
  if (!zone) offsetCache.set(timeZone, (zone = new Map()));
  const bucket = Math.floor(instant / OFFSET_BUCKET_MS);
  let offset = zone.get(bucket);
  if (offset === undefined) {
    if (zone.size >= MAX_CACHED_BUCKETS) zone.clear();
    offset = intlOffsetMinutes(bucket * OFFSET_BUCKET_MS, timeZone);
    zone.set(bucket, offset);
  }
  return offset;
}

/** The wall-clock date, time and weekday of an instant in a zone. */
export function wallTimeOf(instant: Date | number, timeZone: string): WallTime {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const local = new Date(ms + zoneOffsetMinutes(ms, timeZone) * 60_000);
  return {
    date: local.toISOString().slice(0, 10),
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
    dayOfWeek: local.getUTCDay(),
  };
}

/**
 * The instant a wall-clock time names in a zone. A time skipped by spring-forward (02:30 in New York on
 * the second Sunday of March) does not exist: `null`. A time repeated by fall-back names its first
 * occurrence, as clocks and calendar apps read it.
 */
export function instantOfWallTime(date: string, minutes: number, timeZone: string): Date | null {
  const day = addDays(date, Math.floor(minutes / 1440));
  const minute = ((minutes % 1440) + 1440) % 1440;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d) + minute * 60_000;
  for (const candidate of offsetCandidates(asUtc, timeZone)) {
    const back = wallTimeOf(candidate, timeZone);
    if (back.date === day && back.minutes === minute) return new Date(candidate);
  }
  return null;
}

/**
 * Like instantOfWallTime, but a time skipped by spring-forward moves on by the gap (02:30 → 03:30 EDT),
 * as Temporal's 'compatible' rule does: a working-hours window that starts in the gap starts after it.
 */
export function instantOfWallTimeCompatible(date: string, minutes: number, timeZone: string): Date {
  const exact = instantOfWallTime(date, minutes, timeZone);
  if (exact) return exact;
  const day = addDays(date, Math.floor(minutes / 1440));
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d) + (((minutes % 1440) + 1440) % 1440) * 60_000;
  // The offset in force before the gap, read a day earlier.
  return new Date(asUtc - zoneOffsetMinutes(asUtc - 86_400_000, timeZone) * 60_000);
}

/** The offsets in force a day either side of a wall time: one of them is right; earliest instant first. */
function offsetCandidates(asUtc: number, timeZone: string): number[] {
  return [
    asUtc - zoneOffsetMinutes(asUtc - 86_400_000, timeZone) * 60_000,
    asUtc - zoneOffsetMinutes(asUtc + 86_400_000, timeZone) * 60_000,
  ].sort((a, b) => a - b);
}

/** yyyy-MM-dd plus n calendar days (no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday of a calendar date. */
export function dayOfWeekOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** Each calendar date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** 'HH:mm' → minutes after midnight; '24:00' is the end of the day. */
export function minutesOfClock(clock: string): number {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** An IANA zone name the engine knows ('America/New_York'); abbreviations and offsets are not zones. */
export function isKnownTimeZone(name: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
