import { describe, expect, it } from 'vitest';
import { CALENDAR_EVENTS_MESSAGES, calendarEventsPieces, calendarEventsQuerySchema } from './calendar-event.ts';

const userId = '00000000-0000-4000-8000-000000000001';
const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString();

describe('calendar events range', () => {
  it('takes up to 31 days, refuses more and a range that ends before it starts', () => {
    expect(calendarEventsQuerySchema.safeParse({ userId, startDateTime: day(0), endDateTime: day(31) }).success).toBe(
      true,
    );
    const long = calendarEventsQuerySchema.safeParse({ userId, startDateTime: day(0), endDateTime: day(32) });
    expect(long.error?.issues[0]?.message).toBe(CALENDAR_EVENTS_MESSAGES.rangeTooLong);
    const backwards = calendarEventsQuerySchema.safeParse({ userId, startDateTime: day(2), endDateTime: day(1) });
    expect(backwards.error?.issues[0]?.message).toBe(CALENDAR_EVENTS_MESSAGES.range);
  });

  it('cuts a month grid and its margins into consecutive pieces the server takes', () => {
    const pieces = calendarEventsPieces(day(0), day(45));
    expect(pieces).toEqual([
      { startDateTime: day(0), endDateTime: day(31) },
      { startDateTime: day(31), endDateTime: day(45) },
    ]);
    expect(calendarEventsPieces(day(0), day(7))).toEqual([{ startDateTime: day(0), endDateTime: day(7) }]);
  });
});
