import { describe, expect, it } from 'vitest';
import { canGoToPreviousWeek, nextWeekRange, previousWeekRange, weekRangeFrom } from './week-range.ts';

describe('availability week range (SPEC §4)', () => {
  it('a Monday start is its 5 weekdays', () => {
    expect(weekRangeFrom('2026-11-23')).toEqual({
      start: '2026-11-23',
      end: '2026-11-27',
      days: ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'],
    });
  });

  it('a Saturday or Sunday start is the next working week', () => {
    expect(weekRangeFrom('2026-11-28').days).toEqual(weekRangeFrom('2026-11-30').days);
    expect(weekRangeFrom('2026-11-29').days[0]).toBe('2026-11-30');
  });

  it('a midweek start covers 7 days with the weekend skipped', () => {
    expect(weekRangeFrom('2026-11-25')).toEqual({
      start: '2026-11-25',
      end: '2026-12-01',
      days: ['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-30', '2026-12-01'],
    });
  });

  it('moves a week at a time; going back is blocked once it would pass the current week', () => {
    const today = '2026-11-25';
    const current = weekRangeFrom(today);
    expect(canGoToPreviousWeek(current, today)).toBe(false);
    expect(previousWeekRange(current, today)).toBe(current);
    const next = nextWeekRange(current);
    expect(next.start).toBe('2026-12-02');
    expect(canGoToPreviousWeek(next, today)).toBe(true);
    expect(previousWeekRange(next, today)).toEqual(current);
  });
});
