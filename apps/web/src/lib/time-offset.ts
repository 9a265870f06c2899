/**
 * SPEC §7: time-sensitive calls send offsetHours, the browser's time-zone offset in hours, signed
 * like UTC offsets (east positive): New York in winter gives -5, Kolkata 5.5. The server uses it
 * to decide where a day starts and ends (DESIGN §3).
 */
export function browserOffsetHours(at: Date = new Date()): number {
  // `|| 0` turns UTC's -0 into 0.
  return -at.getTimezoneOffset() / 60 || 0;
}

/**
 * The browser's IANA zone name ('America/Chicago'), sent where the server buckets days (DESIGN §3: a named
 * zone first, offsetHours only when there is no name); undefined when the engine does not say.
 */
export function browserTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}
