import { describe, expect, it } from 'vitest';
import { SCHEDULE_MESSAGES } from '@casedesk/contract/attorneys/attorney-schedule';
import {
  clockLabel,
  clockOptions,
  copyMondayToWeekdays,
  formFieldOf,
  formValuesOf,
  newWindow,
  overlappingDays,
  type ScheduleFormEntry,
} from './schedule-form-values.ts';

const entry = (dayOfWeek: number, startTime: string, endTime: string, lawType: string | null = null) =>
  ({ dayOfWeek, startTime, endTime, lawType, jurisdiction: null }) satisfies ScheduleFormEntry;

describe('schedule form values', () => {
  it('orders the saved windows by day, then by start', () => {
    const { entries } = formValuesOf({
      entries: [entry(3, '10:00', '11:00'), entry(1, '13:00', '17:00'), entry(1, '09:00', '12:00')],
    });
    expect(entries.map((e) => `${e.dayOfWeek} ${e.startTime}`)).toEqual(['1 09:00', '1 13:00', '3 10:00']);
  });

  it('adds a working day to an empty day and the next hour after the last window', () => {
    expect(newWindow(2, [])).toEqual(entry(2, '09:00', '17:00'));
    expect(newWindow(2, [entry(2, '09:00', '12:00')])).toEqual(entry(2, '12:00', '13:00'));
    expect(newWindow(2, [entry(2, '22:00', '24:00')])).toEqual(entry(2, '23:00', '24:00'));
  });

  it('copies Monday to Tuesday–Friday and keeps the weekend', () => {
    const copied = copyMondayToWeekdays([
      entry(0, '10:00', '12:00'),
      entry(1, '09:00', '12:00', 'Personal Injury'),
      entry(1, '13:00', '17:00'),
      entry(2, '08:00', '09:00'),
      entry(6, '10:00', '12:00'),
    ]);
    expect(copied.map((e) => `${e.dayOfWeek} ${e.startTime}-${e.endTime} ${e.lawType ?? ''}`.trim())).toEqual([
      '0 10:00-12:00',
      '1 09:00-12:00 Personal Injury',
      '1 13:00-17:00',
      '2 09:00-12:00 Personal Injury',
      '2 13:00-17:00',
      '3 09:00-12:00 Personal Injury',
      '3 13:00-17:00',
      '4 09:00-12:00 Personal Injury',
      '4 13:00-17:00',
      '5 09:00-12:00 Personal Injury',
      '5 13:00-17:00',
      '6 10:00-12:00',
    ]);
  });

  it('finds the days whose windows overlap by the contract rule (touching windows do not)', () => {
    const days = overlappingDays([
      entry(1, '09:00', '12:00'),
      entry(1, '12:00', '17:00'),
      entry(2, '09:00', '12:00'),
      entry(2, '11:30', '13:00'),
      entry(4, '09:00', '17:00'),
      entry(4, '10:00', '11:00'),
    ]);
    expect([...days]).toEqual([2, 4]);
    expect(SCHEDULE_MESSAGES.overlap).toBe('Working hours of the same day must not overlap.');
  });

  it('offers quarter hours, the end of the day as an end, and keeps an off-grid saved value', () => {
    const starts = clockOptions('start');
    expect(starts[0]).toEqual({ value: '00:00', label: '12:00 AM' });
    expect(starts.at(-1)?.value).toBe('23:45');
    expect(starts).toHaveLength(96);
    const ends = clockOptions('end', '09:10');
    expect(ends[0]?.value).toBe('00:15');
    expect(ends.at(-1)).toEqual({ value: '24:00', label: '12:00 AM (midnight)' });
    expect(ends.map((o) => o.value)).toContain('09:10');
    expect(clockLabel('13:30')).toBe('1:30 PM');
  });

  it('maps the server’s field error keys to form fields', () => {
    expect(formFieldOf('entries.3.endTime')).toBe('entries.3.endTime');
    expect(formFieldOf('entries')).toBe('entries');
    expect(formFieldOf('attorneyId')).toBeNull();
  });
});
