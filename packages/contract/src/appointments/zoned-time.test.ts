import { describe, expect, it } from 'vitest';
import {
  addDays,
  instantOfWallTime,
  instantOfWallTimeCompatible,
  wallTimeOf,
  zoneOffsetMinutes,
} from './zoned-time.ts';

const NY = 'America/New_York';

describe('wall time ↔ instant in an IANA zone', () => {
  it('reads 09:00 in New York as 14:00Z in winter and 13:00Z in summer', () => {
    expect(instantOfWallTime('2026-01-15', 9 * 60, NY)?.toISOString()).toBe('2026-01-15T14:00:00.000Z');
    expect(instantOfWallTime('2026-07-15', 9 * 60, NY)?.toISOString()).toBe('2026-07-15T13:00:00.000Z');
  });

  it('spring-forward day (8 March 2026): 09:00 is EDT, 02:30 does not exist', () => {
    expect(instantOfWallTime('2026-03-07', 9 * 60, NY)?.toISOString()).toBe('2026-03-07T14:00:00.000Z');
    expect(instantOfWallTime('2026-03-08', 9 * 60, NY)?.toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(instantOfWallTime('2026-03-08', 2 * 60 + 30, NY)).toBeNull();
    expect(instantOfWallTimeCompatible('2026-03-08', 2 * 60 + 30, NY).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(wallTimeOf(new Date('2026-03-08T07:30:00Z'), NY)).toEqual({
      date: '2026-03-08',
      minutes: 210,
      dayOfWeek: 0,
    });
  });

  it('fall-back day (1 November 2026): 01:30 names its first occurrence (EDT), 09:00 is EST', () => {
    expect(instantOfWallTime('2026-11-01', 90, NY)?.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(instantOfWallTime('2026-11-01', 9 * 60, NY)?.toISOString()).toBe('2026-11-01T14:00:00.000Z');
    expect(wallTimeOf(new Date('2026-11-01T06:30:00Z'), NY).minutes).toBe(90);
  });

  it('24:00 is the next midnight; zones east of UTC and without DST work too', () => {
    expect(instantOfWallTime('2026-01-15', 24 * 60, NY)?.toISOString()).toBe('2026-01-16T05:00:00.000Z');
    expect(instantOfWallTime('2026-01-15', 9 * 60, 'Asia/Kolkata')?.toISOString()).toBe('2026-01-15T03:30:00.000Z');
    expect(zoneOffsetMinutes(Date.UTC(2026, 6, 1), 'America/Phoenix')).toBe(-420);
  });

  it('adds calendar days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});
