import type { FigureUnit } from '@casedesk/contract/dashboards/dashboard';
import { formatMoney } from '@casedesk/contract/common/money';

/** What a figure shows when there is nothing to rate or average (no calls yet today). */
export const NO_VALUE = '—';

/** 65 → '1m 05s', 3_725 → '1h 02m', 42 → '42s': a talk time to read at a glance. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  if (h > 0) return `${h}h ${String(m).padStart(2, '0')}m`;
  if (m > 0) return `${m}m ${String(s).padStart(2, '0')}s`;
  return `${s}s`;
}

/** A figure's value as the card shows it: counts grouped, cents as dollars, seconds as a duration, percent. */
export function formatFigure(value: number | null, unit: FigureUnit): string {
  if (value === null || !Number.isFinite(value)) return NO_VALUE;
  switch (unit) {
    case 'count':
      return Math.round(value).toLocaleString('en-US');
    case 'cents':
      return formatMoney(value);
    case 'seconds':
      return formatDuration(value);
    case 'percent':
      return `${value.toFixed(1)}%`;
  }
}

/** A chart axis tick: short, so twelve months fit at 800 px ($12.3k, 1.2M, 45%). */
export function formatAxis(value: number, unit: FigureUnit): string {
  if (unit === 'percent') return `${Math.round(value)}%`;
  if (unit === 'seconds') return formatDuration(value);
  const amount = unit === 'cents' ? value / 100 : value;
  const prefix = unit === 'cents' ? '$' : '';
  const abs = Math.abs(amount);
  const sign = amount < 0 ? '-' : '';
  if (abs >= 1_000_000) return `${sign}${prefix}${trim(abs / 1_000_000)}M`;
  if (abs >= 1_000) return `${sign}${prefix}${trim(abs / 1_000)}k`;
  return `${sign}${prefix}${Math.round(abs)}`;
}

function trim(value: number): string {
  return value >= 100 ? String(Math.round(value)) : value.toFixed(1).replace(/\.0$/, '');
}

/** One step of the funnel against the one before: 'appointments are 42.0% of leads'; null when nothing before. */
export function conversionRate(value: number | null, previous: number | null): number | null {
  if (value === null || previous === null || previous <= 0) return null;
  return Math.round((value / previous) * 1000) / 10;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * A point's label as a chart shows it: a month '2026-11' → 'Nov 26', a day '2026-11-28' → 'Sat 11/28'; an hour,
 * an office, an operator or a source as it came.
 */
export function formatPointLabel(label: string): string {
  const month = /^(\d{4})-(\d{2})$/.exec(label);
  if (month) return `${MONTHS[Number(month[2]) - 1] ?? month[2]} ${month[1]!.slice(2)}`;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(label);
  if (day) {
    const weekday = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))).getUTCDay();
    return `${WEEKDAYS[weekday]} ${Number(day[2])}/${Number(day[3])}`;
  }
  return label;
}
