/** Today's date (yyyy-MM-dd) at an office, in its time zone: the day new money counts for by default. */
export function officeToday(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
