import dayjs from 'dayjs';

/** Short relative time for the bell's list: "just now", "5 min ago", "3 h ago", "2 d ago", else the date. */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const at = dayjs(iso);
  if (!at.isValid()) return '';
  const minutes = Math.floor((now.getTime() - at.valueOf()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} d ago`;
  return at.format('MM/DD/YYYY');
}
