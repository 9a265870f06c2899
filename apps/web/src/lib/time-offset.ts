/**
 * SPEC §7: time-sensitive calls send offsetHours, the browser's time-zone offset in hours, signed
 * like UTC offsets (east positive): New York in winter gives -5, Kolkata 5.5. The server uses it
 * to decide where a day starts and ends (DESIGN §3).
 */
export function browserOffsetHours(at: Date = new Date()): number {
  // `|| 0` turns UTC's -0 into 0.
  return -at.getTimezoneOffset() / 60 || 0;
}
