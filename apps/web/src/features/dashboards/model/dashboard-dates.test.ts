import { describe, expect, it } from 'vitest';
import { formatDayRange, formatLongDay, formatTimeIn, greetingAt } from './dashboard-dates.ts';

describe('dashboard dates', () => {
  it('greets by the hour', () => {
    expect(greetingAt(7)).toBe('Good morning');
    expect(greetingAt(12)).toBe('Good afternoon');
    expect(greetingAt(19)).toBe('Good evening');
  });

  it('says days in words', () => {
    expect(formatLongDay('2026-11-27')).toBe('Friday, November 27, 2026');
    expect(formatDayRange('2026-11-23', '2026-11-29')).toBe('Nov 23 – Nov 29');
  });

  it("shows an appointment's time in its office's zone, not the browser's", () => {
    expect(formatTimeIn('2026-11-27T14:30:00.000Z', 'America/New_York')).toBe('9:30 AM');
    expect(formatTimeIn('2026-11-27T14:30:00.000Z', 'America/Los_Angeles')).toBe('6:30 AM');
  });

  it('falls back to the browser clock for a zone Intl does not know', () => {
    expect(formatTimeIn('2026-11-27T14:30:00.000Z', 'UTC-05:00')).toMatch(/^\d{1,2}:\d{2} [AP]M$/);
  });
});
