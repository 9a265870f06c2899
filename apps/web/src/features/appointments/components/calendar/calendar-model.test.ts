import { describe, expect, it } from 'vitest';
import type { AvailabilityRecord } from '@casedesk/contract/attorneys/attorney-schedule';
import type { CalendarEvent } from '@casedesk/contract/calendar/calendar-event';
import {
  dateChunks,
  FREE_SLOT_LABEL,
  freeSlotInputs,
  indexAvailability,
  isSelectableSlot,
  SLOT_REFUSALS,
  slotDurationOf,
  slotHeightPx,
  slotRefusal,
} from './calendar-model.ts';

const NY = 'America/New_York';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function record(days: AvailabilityRecord['availableSlots']): AvailabilityRecord {
  return {
    attorneyId: id(1),
    attorney: 'Ada Attorney',
    userId: id(2),
    officeId: id(3),
    officeName: 'New York',
    timeZone: NY,
    lawType: 'PI',
    jurisdiction: 'NY',
    zoomLink: null,
    defaultCalendar: 'ada@casedesk.local',
    availableSlots: days,
  };
}

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

describe('slot geometry (SPEC §2 week view, §5 granularity)', () => {
  it('keeps an hour 72 px high: halves of 36 px for 30 and 60 minutes, quarters of 18 px for 15', () => {
    expect([slotHeightPx(60), slotHeightPx(30), slotHeightPx(15)]).toEqual([36, 36, 18]);
    expect([slotDurationOf(60), slotDurationOf(30), slotDurationOf(15)]).toEqual(['00:30:00', '00:30:00', '00:15:00']);
  });
});

describe('availability calls (31 days at most each)', () => {
  it('cuts long ranges into availability calls of at most 31 days', () => {
    expect(dateChunks('2026-11-28', '2026-12-08')).toEqual([{ startDate: '2026-11-28', endDate: '2026-12-07' }]);
    const year = dateChunks('2025-12-31', '2027-01-03');
    expect(year).toHaveLength(12);
    expect(year[0]).toEqual({ startDate: '2025-12-31', endDate: '2026-01-30' });
    expect(year.at(-1)!.endDate).toBe('2027-01-02');
    for (let i = 1; i < year.length; i++) expect(year[i]!.startDate > year[i - 1]!.endDate).toBe(true);
  });
});
describe('slot selectability (SPEC §4 toggle, §5 blocked days)', () => {
  const index = indexAvailability([
    record([
      {
        date: '2026-12-01',
        available: true,
        slots: [
          { start: '2026-12-01T14:00:00.000Z', end: '2026-12-01T14:30:00.000Z', label: '9:00 AM' },
          { start: '2026-12-01T14:30:00.000Z', end: '2026-12-01T15:00:00.000Z', label: '9:30 AM' },
        ],
      },
      { date: '2026-12-05', available: false, slots: [] },
    ]),
  ]);
  const base = { length: 30 as const, index, events: [], now: new Date('2026-11-30T12:00:00Z'), past: false };

  it('indexes free starts and the blocked days', () => {
    expect(index.blockedDates).toEqual(new Set(['2026-12-05']));
    expect(index.freeStarts.has(Date.parse('2026-12-01T14:30:00.000Z'))).toBe(true);
  });

  it('allows a free future slot, not a cell the server did not offer', () => {
    expect(isSelectableSlot({ ...base, start: new Date('2026-12-01T14:00:00.000Z') })).toBe(true);
    expect(isSelectableSlot({ ...base, start: new Date('2026-12-01T17:00:00.000Z') })).toBe(false);
    expect(isSelectableSlot({ ...base, start: null })).toBe(false);
  });

  it('keeps to the toggle side of now', () => {
    const start = new Date('2026-12-01T14:00:00.000Z');
    const later = new Date('2026-12-02T00:00:00Z');
    expect(isSelectableSlot({ ...base, start, now: later })).toBe(false);
    expect(isSelectableSlot({ ...base, start, now: later, past: true })).toBe(true);
    expect(isSelectableSlot({ ...base, start, past: true })).toBe(false);
  });

  it('refuses a slot that overlaps an event loaded since', () => {
    const start = new Date('2026-12-01T14:00:00.000Z');
    const busy = [event('TRIAL', '2026-12-01T14:15:00.000Z', '2026-12-01T16:00:00.000Z')];
    expect(isSelectableSlot({ ...base, start, events: busy })).toBe(false);
    const touching = [event('TRIAL', '2026-12-01T14:30:00.000Z', '2026-12-01T16:00:00.000Z')];
    expect(isSelectableSlot({ ...base, start, events: touching })).toBe(true);
  });

  it('says why a cell cannot be booked', () => {
    const q = { ...base, start: new Date('2026-12-01T14:00:00.000Z') };
    expect(slotRefusal(q)).toBeNull();
    expect(slotRefusal({ ...q, start: null })).toBe(SLOT_REFUSALS.missing);
    expect(slotRefusal({ ...q, date: '2026-12-05' })).toBe(SLOT_REFUSALS.blocked);
    expect(slotRefusal({ ...q, now: new Date('2026-12-02T00:00:00Z') })).toBe(SLOT_REFUSALS.future);
    expect(slotRefusal({ ...q, past: true })).toBe(SLOT_REFUSALS.past);
    expect(slotRefusal({ ...q, start: new Date('2026-12-01T20:00:00.000Z') })).toBe(SLOT_REFUSALS.closed);
    const busy = [event('EVENT', '2026-12-01T14:00:00.000Z', '2026-12-01T14:30:00.000Z')];
    expect(slotRefusal({ ...q, events: busy })).toBe(SLOT_REFUSALS.busy);
  });

  it('shades each bookable start for one row, named for the keyboard; the cells of a run touch', () => {
    const cells = freeSlotInputs(index, NY, 30);
    expect(cells.map(({ start, end }) => [start, end])).toEqual([
      ['2026-12-01T09:00:00', '2026-12-01T09:30:00'],
      ['2026-12-01T09:30:00', '2026-12-01T10:00:00'],
    ]);
    expect(cells[0]).toMatchObject({ display: 'background', classNames: ['cd-free'] });
    expect(cells.map((c) => c.extendedProps?.[FREE_SLOT_LABEL])).toEqual([
      'Book a 30-minute appointment on Tuesday, December 1 at 9:00 AM',
      'Book a 30-minute appointment on Tuesday, December 1 at 9:30 AM',
    ]);
    // A 60-minute appointment starts on the half hours too: a cell is a row, not the whole hour.
    expect(freeSlotInputs(index, NY, 60).map(({ start, end }) => [start, end])).toEqual([
      ['2026-12-01T09:00:00', '2026-12-01T09:30:00'],
      ['2026-12-01T09:30:00', '2026-12-01T10:00:00'],
    ]);
  });
});
