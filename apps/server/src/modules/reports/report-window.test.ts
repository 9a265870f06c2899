import { describe, expect, it } from 'vitest';
import { callerZoneOf, formatCallerTime, reportWindow } from './report-window.ts';

describe('reportWindow', () => {
  it('runs from the first local midnight to the one after the last day, in a named zone', () => {
    // Chicago is UTC-6 in winter; the spring-forward day (8 March 2020) is 23 hours long.
    const w = reportWindow({ dateFrom: '2020-03-02', dateTo: '2020-03-08', timeZone: 'America/Chicago' }, 9);
    expect(w.from.toISOString()).toBe('2020-03-02T06:00:00.000Z');
    expect(w.to.toISOString()).toBe('2020-03-09T05:00:00.000Z');
    expect(w.timeZone).toBe('America/Chicago');
  });

  it('uses offsetHours only without a zone name', () => {
    const w = reportWindow({ dateFrom: '2020-03-02', dateTo: '2020-03-08' }, -5);
    expect(w.from.toISOString()).toBe('2020-03-02T05:00:00.000Z');
    expect(w.to.toISOString()).toBe('2020-03-09T05:00:00.000Z');
    expect(w.offsetMinutes).toBe(-300);
    expect(w.timeZone).toBeUndefined();
  });
});

describe('formatCallerTime', () => {
  it("writes the caller's wall clock, by zone name or by offset", () => {
    const at = new Date('2020-07-01T17:05:00Z');
    expect(formatCallerTime(at, callerZoneOf({ timeZone: 'America/New_York' }, 0))).toBe('07-01-2020 01:05 PM');
    expect(formatCallerTime(at, callerZoneOf({}, -5))).toBe('07-01-2020 12:05 PM');
    expect(formatCallerTime(new Date('2020-07-01T00:30:00Z'), callerZoneOf({}, 0))).toBe('07-01-2020 12:30 AM');
  });
});
