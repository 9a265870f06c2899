import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '@casedesk/contract/calendar/calendar-event';
import {
  fetchInstantsOf,
  fetchRangeOf,
  holidayInputs,
  HOUR_HEIGHT_PX,
  INITIAL_SCROLL_PX,
  instantOfCalendarDate,
  SCROLL_TIME,
  toCalendarTime,
  toEventInput,
  visibleRangeOf,
} from './calendar-time.ts';

const NY = 'America/New_York';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function event(kind: CalendarEvent['kind'], start: string, end: string): CalendarEvent {
  return {
    id: id(10),
    kind,
    attorneyId: id(1),
    appointmentId: null,
    eventTitle: 'Hearing',
    eventDateTime: start,
    eventEndDateTime: end,
    eventNotes: null,
    organizer: 'Ada Attorney',
    subject: 'Hearing',
    bodyPreview: null,
    location: { displayName: 'Court 4' },
    attendees: [],
    start: { formattedDateTime: start },
    end: { formattedDateTime: end },
  };
}

describe('office wall-clock time in FullCalendar (UTC mode)', () => {
  it('writes an instant as the office wall time, whatever the browser zone', () => {
    expect(toCalendarTime('2026-12-01T14:30:00.000Z', NY)).toBe('2026-12-01T09:30:00');
    expect(toCalendarTime('2026-07-01T14:30:00.000Z', NY)).toBe('2026-07-01T10:30:00');
  });

  it('turns a clicked cell back into the instant, and a spring-forward gap into nothing', () => {
    expect(instantOfCalendarDate(new Date('2026-12-01T09:30:00Z'), NY)?.toISOString()).toBe('2026-12-01T14:30:00.000Z');
    expect(instantOfCalendarDate(new Date('2026-03-08T02:30:00Z'), NY)).toBeNull();
    // Fall back: 01:30 names its first occurrence (EDT).
    expect(instantOfCalendarDate(new Date('2026-11-01T01:30:00Z'), NY)?.toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });
});

describe('calendar fetch range (SPEC §4: one day before, two days after)', () => {
  const week = visibleRangeOf(new Date('2026-11-29T00:00:00Z'), new Date('2026-12-06T00:00:00Z'));

  it('reads the visible days from FullCalendar and widens them', () => {
    expect(week).toEqual({ startDate: '2026-11-29', endDate: '2026-12-06' });
    expect(fetchRangeOf(week)).toEqual({ from: '2026-11-28', to: '2026-12-08' });
  });

  it('asks for the instants of office midnights', () => {
    expect(fetchInstantsOf(week, NY)).toEqual({
      startDateTime: '2026-11-28T05:00:00.000Z',
      endDateTime: '2026-12-08T05:00:00.000Z',
    });
  });
});

describe('event mapping', () => {
  it('colours litigation kinds apart and keeps the office wall time', () => {
    const input = toEventInput(
      { ...event('ARBITRATION', '2026-12-01T15:00:00.000Z', '2026-12-01T17:00:00.000Z'), attorneyName: 'Ada' },
      NY,
      { withAttorney: true },
    );
    expect(input).toMatchObject({
      title: 'Hearing · Ada',
      start: '2026-12-01T10:00:00',
      end: '2026-12-01T12:00:00',
      classNames: ['cd-event', 'cd-event-arbitration'],
    });
    const appointment = toEventInput(event('APPOINTMENT', '2026-12-01T15:00:00.000Z', '2026-12-01T15:30:00.000Z'), NY);
    expect(appointment.backgroundColor).not.toBe(input.backgroundColor);
  });

  it('shows holidays as labelled all-day background events', () => {
    expect(holidayInputs([{ id: id(5), date: '2026-12-25', name: 'Christmas Day', officeId: null }])).toEqual([
      {
        id: `holiday-${id(5)}`,
        title: 'Christmas Day',
        start: '2026-12-25',
        allDay: true,
        display: 'background',
        classNames: ['cd-holiday'],
      },
    ]);
  });
});

describe('initial scroll', () => {
  it('asks FullCalendar for the time one pixel above 504 px, which it scrolls one pixel past', () => {
    expect(SCROLL_TIME).toBe('06:59:10');
    const [h, m, sec] = SCROLL_TIME.split(':').map(Number) as [number, number, number];
    expect((h + m / 60 + sec / 3600) * HOUR_HEIGHT_PX + 1).toBeCloseTo(INITIAL_SCROLL_PX, 9);
  });
});
