import dayjs from 'dayjs';

/** 'Good morning' before noon, 'Good afternoon' before six, else 'Good evening' (the browser's hour). */
export function greetingAt(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** '2026-11-27' → 'Friday, November 27, 2026'. */
export function formatLongDay(day: string): string {
  const date = dayjs(day);
  return date.isValid() ? date.format('dddd, MMMM D, YYYY') : day;
}

/** '2026-11-23', '2026-11-29' → 'Nov 23 – Nov 29'. */
export function formatDayRange(from: string, to: string): string {
  return `${dayjs(from).format('MMM D')} – ${dayjs(to).format('MMM D')}`;
}

/** An instant as a wall-clock time in a zone: '9:30 AM' (the office's own, whatever the browser's). */
export function formatTimeIn(instant: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(instant));
  } catch {
    // An offset label ('UTC-05:00') is no zone Intl knows: the browser's own clock then.
    return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(new Date(instant));
  }
}
