import { addDays } from '@casedesk/contract/appointments/zoned-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInquiryIn } from '../../../test/support/inquiries.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { appointmentRefs, futureTuesday, la, sender } from './appointments.test-support.ts';

let t: TestApp;
let refs: Awaited<ReturnType<typeof appointmentRefs>>;
let send: ReturnType<typeof sender>;
const day = futureTuesday(12);
let inLa: { id: string };
let inDallas: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  refs = await appointmentRefs(t);
  send = sender(t);
  const laInquiry = await createInquiryIn(t, refs.avery.officeId);
  const dallasInquiry = await createInquiryIn(t, refs.dallas.officeId);
  const book = async (inquiryId: string, attorneyId: string, clock: string) => {
    const res = await send('PUT', '/api/v1/appointment', SEEDED.admin, {
      inquiryId,
      attorneyId,
      appointmentDateTime: la(day, clock),
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json() as { id: string };
  };
  inLa = await book(laInquiry.id, refs.avery.id, '09:00');
  // Dallas is on Central time: 09:00 in Los Angeles is 11:00 there, inside its hours.
  inDallas = await book(dallasInquiry.id, refs.dallas.id, '09:00');
});
afterAll(async () => t?.close());

const onDay = { dateFrom: la(day, '00:00'), dateTo: la(addDays(day, 1), '00:00') };

describe('POST /api/v1/appointment/{set|all|pi|week}', () => {
  it('401 without a token, 403 without the list’s permission, 400 for a bad sort', async () => {
    expect((await send('POST', '/api/v1/appointment/all', null, {})).statusCode).toBe(401);
    expect((await send('POST', '/api/v1/appointment/set', SEEDED.attorney, {})).statusCode).toBe(403);
    expect((await send('POST', '/api/v1/appointment/all', SEEDED.operator, { sortBy: 'nope' })).statusCode).toBe(400);
  });

  it('lists within the caller’s office scope: the manager sees Los Angeles, not Dallas', async () => {
    const body = { pageNumber: 1, pageSize: 100, filter: onDay };
    const admin = (await send('POST', '/api/v1/appointment/all', SEEDED.admin, body)).json();
    expect(admin.items.map((r: { id: string }) => r.id).sort()).toEqual([inLa.id, inDallas.id].sort());
    const manager = (await send('POST', '/api/v1/appointment/all', SEEDED.manager, body)).json();
    expect(manager.items.map((r: { id: string }) => r.id)).toEqual([inLa.id]);
    expect(manager.totalCount).toBe(1);
    // The attorney reads ALL_APPOINTMENTS of their own office only.
    const attorney = (await send('POST', '/api/v1/appointment/all', SEEDED.attorney, body)).json();
    expect(attorney.items.map((r: { id: string }) => r.id)).toEqual([inLa.id]);
  });

  it('“set” filters on the booked date; “pi” shows Personal Injury only', async () => {
    const bookedToday = { dateFrom: new Date(Date.now() - 3_600_000).toISOString() };
    const set = (await send('POST', '/api/v1/appointment/set', SEEDED.admin, { filter: bookedToday })).json();
    expect(set.items.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([inLa.id, inDallas.id]));
    const pi = (await send('POST', '/api/v1/appointment/pi', SEEDED.admin, { filter: onDay })).json();
    for (const row of pi.items) expect(row.lawType).toBe('Personal Injury');
  });

  it('weekdayTotals counts each day of the week at the browser’s offset', async () => {
    const res = await send('POST', '/api/v1/appointment/weekdayTotals', SEEDED.admin, {
      startDate: addDays(day, -2),
      offset: -8,
    });
    expect(res.statusCode).toBe(200);
    const totals = res.json() as { date: string; count: number }[];
    expect(totals).toHaveLength(7);
    expect(totals.find((d) => d.date === day)!.count).toBeGreaterThanOrEqual(2);
    expect(totals.find((d) => d.date === addDays(day, -1))!.count).toBe(0);
  });

  it('weekdayTotals in the browser’s zone keeps whole days over a daylight-saving change', async () => {
    // The week from Wednesday 28 October 2026 crosses the fall-back of Sunday 1 November in Los Angeles.
    const totals = async (extra: Record<string, unknown>) => {
      const res = await send('POST', '/api/v1/appointment/weekdayTotals', SEEDED.admin, {
        startDate: '2026-10-28',
        offset: -7,
        ...extra,
      });
      expect(res.statusCode).toBe(200);
      return new Map((res.json() as { date: string; count: number }[]).map((d) => [d.date, d.count]));
    };
    const zone = { timeZone: 'America/Los_Angeles' };
    const [zonedBefore, fixedBefore] = [await totals(zone), await totals({})];
    // Monday 2 November, 11:30 PM PST (a past booking may lie outside the hours): 07:30Z on the 3rd.
    const late = await send('PUT', '/api/v1/appointment', SEEDED.admin, {
      inquiryId: (await createInquiryIn(t, refs.avery.officeId)).id,
      attorneyId: refs.avery.id,
      appointmentDateTime: '2026-11-03T07:30:00.000Z',
    });
    expect(late.statusCode).toBe(200);
    const [zoned, fixed] = [await totals(zone), await totals({})];
    expect(zoned.get('2026-11-02')! - zonedBefore.get('2026-11-02')!).toBe(1);
    expect(zoned.get('2026-11-03')).toBe(zonedBefore.get('2026-11-03'));
    // At the week's first offset (PDT, −7) the same appointment reads as 12:30 AM on the 3rd.
    expect(fixed.get('2026-11-03')! - fixedBefore.get('2026-11-03')!).toBe(1);
    const bad = await send('POST', '/api/v1/appointment/weekdayTotals', SEEDED.admin, {
      startDate: '2026-10-28',
      timeZone: 'Mars/Olympus',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ timeZone: 'Time Zone must be a valid time zone.' });
  });
});

describe('GET /api/v1/appointment/attorneyAvailability', () => {
  it('401, 403 and 400 with the message', async () => {
    const url = `/api/v1/appointment/attorneyAvailability?startDate=${day}&endDate=${day}`;
    expect((await send('GET', url, null)).statusCode).toBe(401);
    expect((await send('GET', url, SEEDED.collector)).statusCode).toBe(403);
    const bad = await send(
      'GET',
      `/api/v1/appointment/attorneyAvailability?startDate=${day}&endDate=${addDays(day, -1)}`,
      SEEDED.operator,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('End Date must not be before Start Date.');
  });

  it('offers each attorney’s free slots by day; the booked one is gone; weekends and holidays are blocked', async () => {
    const url = `/api/v1/appointment/attorneyAvailability?startDate=${day}&endDate=${addDays(day, 4)}&attorneyId=${refs.avery.id}&appointmentLength=30`;
    const [record] = (await send('GET', url, SEEDED.operator)).json();
    expect(record).toMatchObject({
      attorneyId: refs.avery.id,
      attorney: 'Avery Attorney',
      timeZone: 'America/Los_Angeles',
    });
    const tuesday = record.availableSlots[0];
    expect(tuesday.available).toBe(true);
    expect(tuesday.slots[0].label).toBe('9:30 AM'); // 9:00 is booked
    expect(tuesday.slots).toHaveLength(13); // 9–12 and 13–17 in halves, less the one booked
    expect(record.availableSlots.map((d: { available: boolean }) => d.available)).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  it('15-minute appointments come in quarters', async () => {
    const url = `/api/v1/appointment/attorneyAvailability?startDate=${day}&endDate=${day}&attorneyId=${refs.avery.id}&appointmentLength=15`;
    const [record] = (await send('GET', url, SEEDED.operator)).json();
    expect(record.availableSlots[0].slots.slice(0, 3).map((s: { label: string }) => s.label)).toEqual([
      '9:30 AM',
      '9:45 AM',
      '10:00 AM',
    ]);
  });

  it('answers the same at its other SPEC §7 names, with the same checks', async () => {
    const query = `?startDate=${day}&endDate=${addDays(day, 4)}&appointmentLength=30`;
    const expected = (await send('GET', `/api/v1/appointment/attorneyAvailability${query}`, SEEDED.operator)).json();
    expect(expected.length).toBeGreaterThan(1);
    for (const path of ['/api/v1/attorney/availability', '/api/v1/attorney/availableSlots']) {
      expect((await send('GET', `${path}${query}`, null)).statusCode).toBe(401);
      expect((await send('GET', `${path}${query}`, SEEDED.collector)).statusCode).toBe(403);
      const bad = await send('GET', `${path}?startDate=${day}&endDate=${addDays(day, -1)}`, SEEDED.operator);
      expect(bad.json().message).toBe('End Date must not be before Start Date.');
      const res = await send('GET', `${path}${query}`, SEEDED.operator);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(expected);
    }
  });
});

describe('attorney schedule', () => {
  it('GET and PUT the weekly schedule; overlaps and bad clocks are 400', async () => {
    const url = `/api/v1/attorney/${refs.laOther.id}/availability`;
    const current = await send('GET', url, SEEDED.manager);
    expect(current.statusCode).toBe(200);
    expect(current.json().entries).toHaveLength(10);
    const overlap = await send('PUT', url, SEEDED.manager, {
      entries: [
        { dayOfWeek: 1, startTime: '09:00', endTime: '12:00' },
        { dayOfWeek: 1, startTime: '11:00', endTime: '13:00' },
      ],
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().message).toBe('Working hours of the same day must not overlap.');
    const clock = await send('PUT', url, SEEDED.manager, {
      entries: [{ dayOfWeek: 1, startTime: '9am', endTime: '12:00' }],
    });
    expect(clock.json().message).toBe('Time must be in the format HH:mm.');
    const saved = await send('PUT', url, SEEDED.manager, {
      entries: [{ dayOfWeek: 6, startTime: '10:00', endTime: '14:00', lawType: 'Personal Injury' }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().entries).toEqual([
      { dayOfWeek: 6, startTime: '10:00', endTime: '14:00', lawType: 'Personal Injury', jurisdiction: null },
    ]);
  });

  it('a manager can neither read nor change the schedule of an attorney outside their offices (404)', async () => {
    const url = `/api/v1/attorney/${refs.dallas.id}/availability`;
    expect((await send('GET', url, SEEDED.manager)).statusCode).toBe(404);
    expect((await send('PUT', url, SEEDED.manager, { entries: [] })).statusCode).toBe(404);
    expect((await send('GET', url, SEEDED.admin)).statusCode).toBe(200);
  });
});

describe('holidays and calendar events', () => {
  it('POST, PUT, DELETE and list holidays; a second one on the same day is 409', async () => {
    const date = addDays(day, 14);
    expect((await send('POST', '/api/v1/holiday', SEEDED.operator, { date, name: 'x' })).statusCode).toBe(403);
    const bad = await send('POST', '/api/v1/holiday', SEEDED.admin, { date: '2026-02-30', name: '' });
    expect(bad.json().fieldErrors).toEqual({ date: 'Date must be a valid date.', name: 'Name is a required field.' });
    const unknownOffice = await send('POST', '/api/v1/holiday', SEEDED.admin, {
      date,
      name: 'x',
      officeId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownOffice.statusCode).toBe(400);
    expect(unknownOffice.json().fieldErrors).toEqual({ officeId: 'Office must be an existing office.' });
    const created = (await send('POST', '/api/v1/holiday', SEEDED.admin, { date, name: 'Founders Day' })).json();
    expect((await send('POST', '/api/v1/holiday', SEEDED.admin, { date, name: 'Again' })).statusCode).toBe(409);
    const renamed = await send('PUT', `/api/v1/holiday/${created.id}`, SEEDED.admin, { date, name: 'Founders’ Day' });
    expect(renamed.json().name).toBe('Founders’ Day');
    const listed = (
      await send('POST', '/api/v1/holiday/all', SEEDED.operator, { startDate: date, endDate: date })
    ).json();
    expect(listed).toEqual([{ id: created.id, date, name: 'Founders’ Day', officeId: null }]);
    expect((await send('DELETE', `/api/v1/holiday/${created.id}`, SEEDED.admin)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/v1/holiday/${created.id}`, SEEDED.admin)).statusCode).toBe(404);
  });

  it('calendar events of an attorney’s user, in the SPEC §3 shape', async () => {
    const url = `/api/v1/appointment/calendarEvents?userId=${refs.avery.userId}&startDateTime=${encodeURIComponent(onDay.dateFrom)}&endDateTime=${encodeURIComponent(onDay.dateTo)}`;
    const events = (await send('GET', url, SEEDED.operator)).json();
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'APPOINTMENT',
        appointmentId: inLa.id,
        subject: 'Appointment',
        organizer: 'Avery Attorney',
        start: { formattedDateTime: new Date(la(day, '09:00')).toISOString() },
        end: { formattedDateTime: new Date(la(day, '09:30')).toISOString() },
      }),
    ]);
  });
});
