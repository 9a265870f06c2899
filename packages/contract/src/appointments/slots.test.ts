import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { AppointmentLength, SlotQuery } from './slots.ts';
import { computeSlots, fitsWindows, slotLabel, slotStepMinutes } from './slots.ts';

const NY = 'America/New_York';
const weekdays9to12 = [1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, startTime: '09:00', endTime: '12:00' }));

function query(overrides: Partial<SlotQuery>): SlotQuery {
  return {
    from: '2026-01-12',
    to: '2026-01-12',
    timeZone: NY,
    windows: weekdays9to12,
    length: 30,
    busy: [],
    holidays: new Set(),
    now: new Date('2026-01-01T00:00:00Z'),
    past: false,
    ...overrides,
  };
}

const labels = (q: SlotQuery) => computeSlots(q).map((d) => d.slots.map((s) => slotLabel(s.start, NY)));

describe('slot granularity (SPEC §5)', () => {
  it('60 and 30 give half hours, 15 gives quarters', () => {
    expect([slotStepMinutes(60), slotStepMinutes(30), slotStepMinutes(15)]).toEqual([30, 30, 15]);
    expect(labels(query({ length: 60 }))[0]).toEqual(['9:00 AM', '9:30 AM', '10:00 AM', '10:30 AM', '11:00 AM']);
    expect(labels(query({ length: 30 }))[0]).toHaveLength(6);
    expect(labels(query({ length: 15 }))[0]).toHaveLength(12);
  });
});

describe('computeSlots', () => {
  it('blocks days outside the availability and holidays, whole days', () => {
    const days = computeSlots(query({ from: '2026-01-09', to: '2026-01-12', holidays: new Set(['2026-01-12']) }));
    expect(days.map((d) => [d.date, d.available, d.slots.length])).toEqual([
      ['2026-01-09', true, 6],
      ['2026-01-10', false, 0],
      ['2026-01-11', false, 0],
      ['2026-01-12', false, 0],
    ]);
  });

  it('leaves out every slot that overlaps busy time, and only those', () => {
    const busy = [{ start: new Date('2026-01-12T15:15:00Z'), end: new Date('2026-01-12T15:45:00Z') }]; // 10:15–10:45
    expect(labels(query({ busy }))[0]).toEqual(['9:00 AM', '9:30 AM', '11:00 AM', '11:30 AM']);
    expect(labels(query({ busy, length: 15 }))[0]).toEqual([
      '9:00 AM',
      '9:15 AM',
      '9:30 AM',
      '9:45 AM',
      '10:00 AM',
      '10:45 AM',
      '11:00 AM',
      '11:15 AM',
      '11:30 AM',
      '11:45 AM',
    ]);
  });

  it('Schedule Past off offers only future slots; on, only past ones', () => {
    const now = new Date('2026-01-12T15:10:00Z'); // 10:10 in New York
    expect(labels(query({ now }))[0]).toEqual(['10:30 AM', '11:00 AM', '11:30 AM']);
    expect(labels(query({ now, past: true }))[0]).toEqual(['9:00 AM', '9:30 AM', '10:00 AM']);
  });

  it('on the spring-forward day 09:00 is 13:00Z, the day before 14:00Z', () => {
    const windows = [0, 6].map((dayOfWeek) => ({ dayOfWeek, startTime: '09:00', endTime: '10:00' }));
    const [saturday, sunday] = computeSlots(query({ from: '2026-03-07', to: '2026-03-08', windows }));
    expect(saturday!.slots.map((s) => s.start.toISOString())).toEqual([
      '2026-03-07T14:00:00.000Z',
      '2026-03-07T14:30:00.000Z',
    ]);
    expect(sunday!.slots.map((s) => s.start.toISOString())).toEqual([
      '2026-03-08T13:00:00.000Z',
      '2026-03-08T13:30:00.000Z',
    ]);
  });

  it('a window over the spring-forward change has its real two hours', () => {
    const windows = [{ dayOfWeek: 0, startTime: '01:00', endTime: '04:00' }];
    const [day] = computeSlots(query({ from: '2026-03-08', to: '2026-03-08', windows, length: 60 }));
    // 1:30 AM EST to 3:30 AM EDT is a real hour.
    expect(day!.slots.map((s) => slotLabel(s.start, NY))).toEqual(['1:00 AM', '1:30 AM', '3:00 AM']);
  });

  it('a window over the fall-back change has its real five hours, 1:00 AM twice', () => {
    const windows = [{ dayOfWeek: 0, startTime: '00:00', endTime: '04:00' }];
    const [day] = computeSlots(query({ from: '2026-11-01', to: '2026-11-01', windows, length: 60 }));
    expect(day!.slots.map((s) => slotLabel(s.start, NY))).toEqual([
      '12:00 AM',
      '12:30 AM',
      '1:00 AM',
      '1:30 AM',
      '1:00 AM',
      '1:30 AM',
      '2:00 AM',
      '2:30 AM',
      '3:00 AM',
    ]);
    expect(new Set(day!.slots.map((s) => s.start.toISOString())).size).toBe(9);
  });

  it('on the fall-back day 09:00 is 14:00Z, the day before 13:00Z', () => {
    const windows = [0, 6].map((dayOfWeek) => ({ dayOfWeek, startTime: '09:00', endTime: '09:30' }));
    const days = computeSlots(query({ from: '2026-10-31', to: '2026-11-01', windows }));
    expect(days.map((d) => d.slots[0]!.start.toISOString())).toEqual([
      '2026-10-31T13:00:00.000Z',
      '2026-11-01T14:00:00.000Z',
    ]);
  });
});

describe('fitsWindows', () => {
  it('accepts a slot inside a window of its own local day, refuses one that runs past it', () => {
    expect(fitsWindows(new Date('2026-01-12T16:30:00Z'), 30, weekdays9to12, NY)).toBe(true); // 11:30–12:00
    expect(fitsWindows(new Date('2026-01-12T16:45:00Z'), 30, weekdays9to12, NY)).toBe(false); // 11:45–12:15
    expect(fitsWindows(new Date('2026-01-10T15:00:00Z'), 30, weekdays9to12, NY)).toBe(false); // Saturday
  });
});

describe('the busy sweep', () => {
  it('offers exactly the slots that overlap no busy interval, however the intervals lie', () => {
    const day = Date.parse('2026-01-12T14:00:00Z'); // 9:00 in New York
    const interval = fc
      .record({ from: fc.integer({ min: -60, max: 240 }), minutes: fc.integer({ min: 0, max: 120 }) })
      .map(({ from, minutes }) => ({
        start: new Date(day + from * 60_000),
        end: new Date(day + (from + minutes) * 60_000),
      }));
    const lengths = fc.constantFrom<AppointmentLength>(15, 30, 60);
    fc.assert(
      fc.property(fc.array(interval, { maxLength: 12 }), lengths, (busy, length) => {
        const all = computeSlots(query({ length }))[0]!.slots;
        const open = computeSlots(query({ busy, length }))[0]!.slots;
        const free = all.filter((s) => !busy.some((b) => s.start < b.end && b.start < s.end));
        expect(open.map((s) => s.start.getTime())).toEqual(free.map((s) => s.start.getTime()));
      }),
    );
  });
});
