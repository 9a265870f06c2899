import { addDays, dayOfWeekOf } from './zoned-time.ts';

export interface WeekRange {
  /** yyyy-MM-dd the picker shows as the start */
  start: string;
  /** yyyy-MM-dd, the last day covered */
  end: string;
  /** the weekdays shown as columns; weekends are skipped */
  days: string[];
}

const isWeekend = (date: string) => [0, 6].includes(dayOfWeekOf(date));

/**
 * SPEC §4 availability week range: a range that starts on Monday, Saturday or Sunday is that working
 * week's 5 weekdays (Saturday and Sunday move on to the Monday after); any other start covers 7 days
 * from it. Weekends are skipped either way, so the table always has the weekdays it covers.
 */
export function weekRangeFrom(start: string): WeekRange {
  const dow = dayOfWeekOf(start);
  if (dow === 1 || dow === 6 || dow === 0) {
    const monday = addDays(start, dow === 1 ? 0 : dow === 6 ? 2 : 1);
    const days = [0, 1, 2, 3, 4].map((i) => addDays(monday, i));
    return { start, end: days[4]!, days };
  }
  const all = [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(start, i));
  return { start, end: all[6]!, days: all.filter((d) => !isWeekend(d)) };
}

export function nextWeekRange(range: WeekRange): WeekRange {
  return weekRangeFrom(addDays(range.start, 7));
}

/**
 * SPEC §4: going back is blocked when it would pass the current week. We read that as: the previous
 * range must still cover today or a later day (a range wholly in the past has nothing to book).
 */
export function canGoToPreviousWeek(range: WeekRange, today: string): boolean {
  return weekRangeFrom(addDays(range.start, -7)).end >= today;
}

export function previousWeekRange(range: WeekRange, today: string): WeekRange {
  return canGoToPreviousWeek(range, today) ? weekRangeFrom(addDays(range.start, -7)) : range;
}
