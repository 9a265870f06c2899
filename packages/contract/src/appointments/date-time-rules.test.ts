import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BEFORE_NOW_WARNING,
  clampPastDateTime,
  dateTimeError,
  formatPickerValue,
  isBeforeNow,
  parsePickerValue,
} from './date-time-rules.ts';
import { instantOfWallTime } from './zoned-time.ts';

const NY = 'America/New_York';
const now = new Date('2026-11-23T15:00:00Z'); // 10:00 AM in New York
const future = { now, timeZone: NY, allow: 'future' as const };
const past = { now, timeZone: NY, allow: 'past' as const };

describe('date-time picker (SPEC §5)', () => {
  it('reads MM-dd-yyyy and MM-dd-yyyy hh:mm AM/PM, 12-hour', () => {
    expect(parsePickerValue('11-23-2026')).toEqual({ date: '2026-11-23', minutes: null });
    expect(parsePickerValue('11-23-2026 12:15 AM')).toEqual({ date: '2026-11-23', minutes: 15 });
    expect(parsePickerValue('11-23-2026 12:15 PM')).toEqual({ date: '2026-11-23', minutes: 735 });
    for (const bad of ['2026-11-23', '11-23-2026 13:00 PM', '02-29-2026', '11-23-2026 09:60 AM', '11/23/2026'])
      expect(parsePickerValue(bad)).toBeNull();
    expect(parsePickerValue('02-29-2028')).not.toBeNull();
  });

  it('gives the spec messages', () => {
    expect(dateTimeError('Appointment Date Time', '', future)).toBe('Appointment Date Time is a required field.');
    expect(dateTimeError('Appointment Date Time', '13-01-2026', future)).toBe(
      'Appointment Date Time must be a valid date.',
    );
    expect(dateTimeError('Appointment Date Time', '11-22-2026 11:00 AM', future)).toBe(
      'Appointment Date Time cannot be past date.',
    );
    expect(dateTimeError('Appointment Date Time', '11-24-2026 09:00 AM', past)).toBe(
      'Appointment Date Time cannot be future date.',
    );
    expect(dateTimeError('Appointment Date Time', '11-23-2026 10:30 AM', past)).toBe(
      'Appointment Date Time cannot be future date.',
    );
    expect(dateTimeError('Appointment Date Time', '11-23-2026 09:00 AM', future)).toBeNull();
    expect(dateTimeError('Appointment Date Time', '11-20-2026 09:00 AM', past)).toBeNull();
  });

  it('a time skipped by spring-forward is not a valid date', () => {
    const march = { ...future, now: new Date('2026-03-01T15:00:00Z') };
    expect(dateTimeError('Date', '03-08-2026 02:30 AM', march)).toBe('Date must be a valid date.');
    expect(dateTimeError('Date', '03-08-2026 03:30 AM', march)).toBeNull();
  });

  it('clamps a past date-time to 30 minutes before now and warns', () => {
    const earlier = new Date('2026-11-23T13:00:00Z');
    expect(clampPastDateTime(earlier, now).toISOString()).toBe('2026-11-23T14:30:00.000Z');
    const recent = new Date('2026-11-23T14:45:00Z');
    expect(clampPastDateTime(recent, now)).toBe(recent);
    expect(isBeforeNow(recent, now)).toBe(true);
    expect(BEFORE_NOW_WARNING).toBe('Appointment is before current date.');
  });

  it('formatPickerValue and parsePickerValue agree for any instant', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }), (d) => {
        const whole = new Date(Math.floor(d.getTime() / 60_000) * 60_000);
        const parsed = parsePickerValue(formatPickerValue(whole, NY))!;
        const back = instantOfWallTime(parsed.date, parsed.minutes!, NY)!;
        // The repeated hour of fall-back reads as its first occurrence.
        expect(Math.abs(back.getTime() - whole.getTime()) % 3_600_000).toBe(0);
      }),
    );
  });
});
