import { describe, expect, it } from 'vitest';
import {
  dayRange,
  daysOf,
  instantOf,
  localDate,
  namedZone,
  plusMonths,
  twelveMonths,
  zoneOf,
} from './dashboard-zone.ts';

const HOUR = 3_600_000;
const length = (range: { from: Date; to: Date }) => (range.to.getTime() - range.from.getTime()) / HOUR;

describe('dashboard zones', () => {
  it.each([
    ['America/New_York', '2026-03-08', 23],
    ['America/New_York', '2026-11-01', 25],
    ['America/Los_Angeles', '2026-03-08', 23],
    ['America/Los_Angeles', '2026-11-01', 25],
    ['America/New_York', '2026-06-01', 24],
  ])('a day in %s on %s lasts %i hours', (zone, day, hours) => {
    expect(length(dayRange(day, day, namedZone(zone)))).toBe(hours);
  });

  it('starts days at local midnight, and an offset has no change', () => {
    expect(instantOf('2026-11-01', 0, namedZone('America/New_York')).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(instantOf('2026-11-02', 0, namedZone('America/New_York')).toISOString()).toBe('2026-11-02T05:00:00.000Z');
    const fixed = zoneOf({ offsetHours: -5 });
    expect(fixed.label).toBe('UTC-05:00');
    expect(length(dayRange('2026-03-08', '2026-03-08', fixed))).toBe(24);
    expect(localDate(new Date('2026-03-08T04:59:00Z'), fixed)).toBe('2026-03-07');
  });

  it('prefers the zone name to the offset', () => {
    expect(zoneOf({ offsetHours: 3, timeZone: 'America/Chicago' }).label).toBe('America/Chicago');
  });

  it('gives the week Sunday to Saturday and the month of today', () => {
    expect(daysOf(new Date('2026-11-27T17:00:00Z'), namedZone('America/Los_Angeles'))).toEqual({
      today: '2026-11-27',
      weekFrom: '2026-11-22',
      weekTo: '2026-11-28',
      monthFrom: '2026-11-01',
      monthTo: '2026-11-30',
    });
    // 02:00 UTC on the 1st is still the 30th in Los Angeles.
    expect(daysOf(new Date('2026-12-01T02:00:00Z'), namedZone('America/Los_Angeles')).today).toBe('2026-11-30');
  });

  it('counts twelve months back across a year', () => {
    expect(plusMonths('2026-01-15', -1)).toBe('2025-12');
    expect(twelveMonths('2026-03-08')).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
  });
});
