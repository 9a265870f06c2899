import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wallTimeOf } from '../appointments/zoned-time.ts';
import type { WorkflowStepTiming } from './workflow.ts';
import { isWeekend, nextBusinessDay, stepDueAt } from './workflow-schedule.ts';

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';
const noHolidays = () => false;
const step = (delayDays: number, atHour: number | null, businessDaysOnly = false): WorkflowStepTiming => ({
  delayDays,
  atHour,
  businessDaysOnly,
});
const due = (from: string, timing: WorkflowStepTiming, zone = NY, holidays: string[] = []) =>
  stepDueAt(new Date(from), timing, zone, (date) => holidays.includes(date)).toISOString();

describe('stepDueAt', () => {
  it('is the local hour after the delay in the office zone', () => {
    // Monday 15:00 EST → Thursday 10:00 EST.
    expect(due('2026-03-02T20:00:00Z', step(3, 10))).toBe('2026-03-05T15:00:00.000Z');
  });

  it('counts days in the office zone, not in UTC: one instant, two offices, two dates', () => {
    // 06:00Z on 3 March is 22:00 on 2 March in Los Angeles and 01:00 on 3 March in New York.
    expect(due('2026-03-03T06:00:00Z', step(1, 9), LA)).toBe('2026-03-03T17:00:00.000Z');
    expect(due('2026-03-03T06:00:00Z', step(1, 9), NY)).toBe('2026-03-04T14:00:00.000Z');
  });

  it('keeps the local hour across spring-forward (the day has 23 hours)', () => {
    // Saturday 7 March 10:00 EST → Sunday 8 March 10:00 EDT: 23 hours later, not 24.
    expect(due('2026-03-07T15:00:00Z', step(1, 10))).toBe('2026-03-08T14:00:00.000Z');
    // Without an hour: the same local time of day, 09:30 EST → 09:30 EDT.
    expect(due('2026-03-07T14:30:00Z', step(1, null))).toBe('2026-03-08T13:30:00.000Z');
  });

  it('keeps the local hour across fall-back (the day has 25 hours)', () => {
    // Saturday 31 October 10:00 EDT → Sunday 1 November 10:00 EST.
    expect(due('2026-10-31T14:00:00Z', step(1, 10))).toBe('2026-11-01T15:00:00.000Z');
    // An hour repeated by fall-back: its first occurrence, 01:00 EDT.
    expect(due('2026-10-31T14:00:00Z', step(1, 1))).toBe('2026-11-01T05:00:00.000Z');
  });

  it('reads an hour skipped by spring-forward as the hour after the gap', () => {
    // 02:00 does not exist in New York on 8 March 2026: 03:00 EDT.
    expect(due('2026-03-07T15:00:00Z', step(1, 2))).toBe('2026-03-08T07:00:00.000Z');
  });

  it('a zone without daylight saving keeps its offset all year (Phoenix)', () => {
    expect(due('2026-03-07T17:00:00Z', step(1, 10), 'America/Phoenix')).toBe('2026-03-08T17:00:00.000Z');
    expect(due('2026-07-07T17:00:00Z', step(1, 10), 'America/Phoenix')).toBe('2026-07-08T17:00:00.000Z');
  });

  it('at 0 days runs at the hour if it is still to come that day, else at the hour the next day', () => {
    // 07:00 EST, at 9 → 09:00 the same day.
    expect(due('2026-03-02T12:00:00Z', step(0, 9))).toBe('2026-03-02T14:00:00.000Z');
    // 14:00 EST, at 9 → 09:00 the next day: a step never runs at an hour it was not told to.
    expect(due('2026-03-02T19:00:00Z', step(0, 9))).toBe('2026-03-03T14:00:00.000Z');
    // Exactly at the hour: now.
    expect(due('2026-03-02T14:00:00Z', step(0, 9))).toBe('2026-03-02T14:00:00.000Z');
  });

  it('without an hour at 0 days is the very instant, seconds included', () => {
    expect(due('2026-03-02T19:04:05.678Z', step(0, null))).toBe('2026-03-02T19:04:05.678Z');
  });

  it('moves a business-days-only step past a holiday on a Friday and the weekend after it', () => {
    // Thursday 2 July 2026 10:00 EDT; Friday 3 July is the office's holiday (Independence Day observed).
    expect(due('2026-07-02T14:00:00Z', step(1, 9, true), NY, ['2026-07-03'])).toBe('2026-07-06T13:00:00.000Z');
    // Without the rule the step runs on the holiday.
    expect(due('2026-07-02T14:00:00Z', step(1, 9, false), NY, ['2026-07-03'])).toBe('2026-07-03T13:00:00.000Z');
  });

  it('moves a business-days-only step off the weekend, keeping its time of day', () => {
    // Saturday 7 March 14:00 EST, right away → Monday 9 March 14:00 EDT (across spring-forward).
    expect(due('2026-03-07T19:00:00Z', step(0, null, true))).toBe('2026-03-09T18:00:00.000Z');
    // A business day stays as it is.
    expect(due('2026-03-04T19:00:00Z', step(0, null, true))).toBe('2026-03-04T19:00:00.000Z');
  });

  it('never falls before the step before it, lands on the hour asked, and on a business day when asked', () => {
    const holidays = new Set(['2026-01-01', '2026-05-25', '2026-07-03', '2026-09-07', '2026-11-26', '2026-12-25']);
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2025-06-01T00:00:00Z'), max: new Date('2027-06-01T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 40 }),
        fc.option(fc.integer({ min: 0, max: 23 }), { nil: null }),
        fc.boolean(),
        fc.constantFrom(NY, LA, 'America/Chicago', 'America/Phoenix', 'Europe/London'),
        (previousAt, delayDays, atHour, businessDaysOnly, zone) => {
          const timing = step(delayDays, atHour, businessDaysOnly);
          const result = stepDueAt(previousAt, timing, zone, (date) => holidays.has(date));
          expect(result.getTime()).toBeGreaterThanOrEqual(previousAt.getTime());
          const wall = wallTimeOf(result, zone);
          // 02:00 on a spring-forward day reads 03:00; every other hour is exact.
          if (atHour !== null && wall.minutes !== atHour * 60) expect(wall.minutes).toBe(atHour * 60 + 60);
          if (businessDaysOnly) expect(isWeekend(wall.date) || holidays.has(wall.date)).toBe(false);
          // No earlier than the delay, and at most one extra day (a passed hour) plus skipped days later.
          const from = wallTimeOf(previousAt, zone).date;
          const days = (Date.parse(wall.date) - Date.parse(from)) / 86_400_000;
          expect(days).toBeGreaterThanOrEqual(delayDays);
          if (!businessDaysOnly) expect(days).toBeLessThanOrEqual(delayDays + 1);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('nextBusinessDay', () => {
  it('is the date itself on a business day, else the next one', () => {
    expect(nextBusinessDay('2026-07-02', noHolidays)).toBe('2026-07-02');
    expect(nextBusinessDay('2026-07-04', noHolidays)).toBe('2026-07-06');
    expect(nextBusinessDay('2026-07-03', (d) => d === '2026-07-03' || d === '2026-07-06')).toBe('2026-07-07');
  });
});
