import { addDays } from '@casedesk/contract/appointments/zoned-time';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import { calendarEvents } from '../calendar/calendar.tables.ts';
import { calls } from '../calls/calls.tables.ts';
import { createInquiryIn } from '../../../test/support/inquiries.ts';
import { appointments } from './appointments.tables.ts';
import { appointmentRefs, futureTuesday, la, sender } from './appointments.test-support.ts';

let t: TestApp;
let refs: Awaited<ReturnType<typeof appointmentRefs>>;
let send: ReturnType<typeof sender>;
let inquiry: { id: string; clientId: string };
const day = futureTuesday();

beforeAll(async () => {
  t = await createTestApp();
  refs = await appointmentRefs(t);
  send = sender(t);
  inquiry = await createInquiryIn(t, refs.avery.officeId);
});
afterAll(async () => t?.close());

const book = (as: string, overrides: Record<string, unknown> = {}) =>
  send('PUT', '/api/v1/appointment', as, {
    inquiryId: inquiry.id,
    attorneyId: refs.avery.id,
    appointmentDateTime: la(day, '10:00'),
    appointmentLength: 30,
    appointmentStageId: 117,
    title: 'Consultation',
    offset: -8,
    ...overrides,
  });

const appointmentCount = async () => Number((await t.db().select({ n: count() }).from(appointments))[0]!.n);

describe('PUT /api/v1/appointment (book)', () => {
  it('401 without a token, 403 without APPOINTMENT_SET CREATE, 400 with the messages', async () => {
    expect((await send('PUT', '/api/v1/appointment', null, {})).statusCode).toBe(401);
    expect((await book(SEEDED.attorney)).statusCode).toBe(403);
    const bad = await book(SEEDED.operator, {
      appointmentLength: 45,
      appointmentDateTime: 'tomorrow',
      attorneyId: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      appointmentLength: 'Appointment Length must be 15, 30 or 60 minutes.',
      appointmentDateTime: 'Appointment Date Time must be a valid date.',
      attorneyId: 'Attorney is a required field.',
    });
  });

  it('books: the appointment, its calendar time, the inquiry’s current appointment and an audit row', async () => {
    const res = await book(SEEDED.operator);
    expect(res.statusCode).toBe(200);
    const row = res.json();
    expect(row).toMatchObject({
      inquiryId: inquiry.id,
      clientId: inquiry.clientId,
      attorneyId: refs.avery.id,
      attorneyName: 'Avery Attorney',
      officeName: 'Los Angeles',
      appointmentDateTime: new Date(la(day, '10:00')).toISOString(),
      appointmentLength: 30,
      stageId: 117,
      stage: 'Appointment Set',
      apptStatus: 'NOT_CALLED',
      bookedBy: 'Olivia Operator',
      isActive: true,
      isCurrent: true,
    });
    const [event] = await t.db().select().from(calendarEvents).where(eq(calendarEvents.appointmentId, row.id));
    expect(event).toMatchObject({ kind: 'APPOINTMENT', attorneyId: refs.avery.id, cancelledAt: null });
    expect(event!.endsAt.getTime() - event!.startsAt.getTime()).toBe(30 * 60_000);
    const audits = await t.db().select().from(auditEvents).where(eq(auditEvents.entityId, row.id));
    expect(audits.map((a) => a.action)).toEqual(['appointment.create']);
    expect(audits[0]!.after).toMatchObject({ id: row.id, inquiryId: inquiry.id, isCurrent: true, stageId: 117 });
    // The booking answers from its own statement; it must say what a later read says.
    const info = await send('GET', `/api/v1/appointment/info?appointmentId=${row.id}`, SEEDED.operator);
    expect(info.json()).toEqual(Object.fromEntries(Object.entries(row).filter(([key]) => key !== 'welcomeText')));
  });

  it('409 "Event already scheduled for this date and time" for the same or an overlapping slot; nothing written', async () => {
    const before = await appointmentCount();
    for (const start of ['10:00', '10:15', '09:45']) {
      const res = await book(SEEDED.operator, { appointmentDateTime: la(day, start) });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Event already scheduled for this date and time');
    }
    expect(await appointmentCount()).toBe(before);
    // Back to back is fine: ranges are half-open.
    expect(
      (await book(SEEDED.operator, { appointmentDateTime: la(day, '10:30'), appointmentLength: 15 })).statusCode,
    ).toBe(200);
    // Another attorney is free at that time.
    expect((await book(SEEDED.operator, { attorneyId: refs.laOther.id })).statusCode).toBe(200);
  });

  it('422 on a day the attorney does not work, on a holiday and outside the hours', async () => {
    const wednesday = addDays(day, 1);
    const holiday = await send('POST', '/api/v1/holiday', SEEDED.admin, { date: wednesday, name: 'Office closed' });
    expect(holiday.statusCode).toBe(200);
    const cases: [string, string][] = [
      [la(addDays(day, 4), '10:00'), 'The attorney is not available on this day.'],
      [la(day, '12:00'), 'The attorney is not available at this time.'],
      [la(day, '16:45'), 'The attorney is not available at this time.'],
      [la(wednesday, '10:00'), 'This day is a holiday.'],
    ];
    for (const [appointmentDateTime, message] of cases) {
      const res = await book(SEEDED.operator, { appointmentDateTime });
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 422, message });
    }
  });

  it('400, not 500, for a law type or call that does not exist; nothing written', async () => {
    const before = await appointmentCount();
    const res = await book(SEEDED.operator, {
      appointmentDateTime: la(day, '11:00'),
      lawTypeId: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ lawTypeId: 'Law Type must be an existing record.' });
    expect(await appointmentCount()).toBe(before);
  });

  it('a manager cannot book an attorney or an inquiry outside their offices (404)', async () => {
    const res = await book(SEEDED.manager, { attorneyId: refs.dallas.id });
    expect(res.statusCode).toBe(404);
    const dallasInquiry = await createInquiryIn(t, refs.dallas.officeId);
    const before = await appointmentCount();
    const outside = await book(SEEDED.manager, {
      inquiryId: dallasInquiry.id,
      appointmentDateTime: la(addDays(day, 7), '10:00'),
    });
    expect({ status: outside.statusCode, message: outside.json().message }).toEqual({
      status: 404,
      message: 'Inquiry not found',
    });
    expect(await appointmentCount()).toBe(before);
    // The same booking from someone whose leads reach Dallas goes through.
    const admin = await book(SEEDED.admin, {
      inquiryId: dallasInquiry.id,
      appointmentDateTime: la(addDays(day, 7), '10:00'),
    });
    expect(admin.statusCode).toBe(200);
  });
  it('a call outside the booker’s offices reads as one that does not exist, booking or attaching (400)', async () => {
    const callIn = async (officeId: string) => {
      const [call] = await t.db().insert(calls).values({ direction: 'INBOUND', officeId }).returning({ id: calls.id });
      return call!.id;
    };
    const dallasCall = await callIn(refs.dallas.officeId);
    const before = await appointmentCount();
    const outside = await book(SEEDED.manager, {
      callId: dallasCall,
      appointmentDateTime: la(addDays(day, 14), '10:00'),
    });
    expect({ status: outside.statusCode, fieldErrors: outside.json().fieldErrors }).toEqual({
      status: 400,
      fieldErrors: { callId: 'Call must be an existing record.' },
    });
    expect(await appointmentCount()).toBe(before);
    const booked = await book(SEEDED.manager, {
      callId: await callIn(refs.avery.officeId),
      appointmentDateTime: la(addDays(day, 14), '10:00'),
    });
    expect(booked.statusCode).toBe(200);
    const attach = (as: string) =>
      send('PATCH', '/api/v1/appointment', as, {
        appointmentId: booked.json().id,
        inquiryId: inquiry.id,
        callId: dallasCall,
      });
    expect((await attach(SEEDED.manager)).json().fieldErrors).toEqual({ callId: 'Call must be an existing record.' });
    // The admin's calls reach Dallas.
    expect((await attach(SEEDED.admin)).statusCode).toBe(200);
    const [stored] = await t
      .db()
      .select({ callId: appointments.callId })
      .from(appointments)
      .where(eq(appointments.id, booked.json().id));
    expect(stored).toEqual({ callId: dallasCall });
  });
});

describe('reschedule, patch and delete', () => {
  it('reschedule moves the time under the same rule; delete frees it and passes "current" to the newest', async () => {
    const first = (await book(SEEDED.operator, { appointmentDateTime: la(day, '14:00') })).json();
    const second = (await book(SEEDED.operator, { appointmentDateTime: la(day, '15:00') })).json();
    // Taken by the 10:00 booking above.
    const clash = await send('PUT', '/api/v1/appointment/rescheduleAppointment', SEEDED.operator, {
      appointmentId: first.id,
      appointmentDateTime: la(day, '10:00'),
    });
    expect(clash.statusCode).toBe(409);
    const moved = await send('PUT', '/api/v1/appointment/rescheduleAppointment', SEEDED.operator, {
      appointmentId: first.id,
      appointmentDateTime: la(day, '14:30'),
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().appointmentDateTime).toBe(new Date(la(day, '14:30')).toISOString());

    const deleted = await send('DELETE', `/api/v1/appointment/${inquiry.id}/${second.id}`, SEEDED.operator);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ isActive: false, isCurrent: false });
    const live = await t
      .db()
      .select()
      .from(calendarEvents)
      .where(and(eq(calendarEvents.appointmentId, second.id), isNull(calendarEvents.cancelledAt)));
    expect(live).toEqual([]);
    // SPEC §4: the inquiry's appointment is now the newest remaining by booked date.
    const current = await t
      .db()
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.inquiryId, inquiry.id), eq(appointments.isCurrent, true)));
    expect(current).toEqual([{ id: first.id }]);
    // Its time is bookable again.
    expect((await book(SEEDED.operator, { appointmentDateTime: la(day, '15:00') })).statusCode).toBe(200);
  });

  it('PATCH sets stage and status; PATCH with inquiryId makes an appointment the inquiry’s', async () => {
    const row = (await book(SEEDED.operator, { appointmentDateTime: la(day, '16:00') })).json();
    const patched = await send('PATCH', `/api/v1/appointment/${inquiry.id}/${row.id}`, SEEDED.operator, {
      apptStatus: 'CONFIRMED',
      flagged: true,
      followUpDate: '2027-01-05',
    });
    expect(patched.json()).toMatchObject({ apptStatus: 'CONFIRMED', flagged: true, followUpDate: '2027-01-05' });
    const other = await createInquiryIn(t, refs.avery.officeId);
    expect(
      (await send('PATCH', `/api/v1/appointment/${other.id}/${row.id}`, SEEDED.operator, { flagged: false }))
        .statusCode,
    ).toBe(404);
    const attached = await send('PATCH', '/api/v1/appointment', SEEDED.operator, {
      appointmentId: row.id,
      inquiryId: inquiry.id,
    });
    expect(attached.json()).toMatchObject({ isCurrent: true });
  });
});

describe('the client’s and the inquiry’s appointments', () => {
  it('client details list active and deleted ones; the inquiry lists its live ones, current first', async () => {
    const details = (await send('GET', `/api/v1/client/details?clientId=${inquiry.clientId}`, SEEDED.operator)).json();
    const states = details.appointments.map((a: { isActive: boolean }) => a.isActive);
    expect(states).toContain(true);
    expect(states).toContain(false);
    expect(details.appointments[0]).toMatchObject({ stage: expect.any(String), apptStatus: expect.any(String) });
    const lead = (await send('GET', `/api/v1/inquiry?inquiryId=${inquiry.id}`, SEEDED.operator)).json();
    const current = await t
      .db()
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.inquiryId, inquiry.id), eq(appointments.isCurrent, true)));
    expect(lead.appointments[0].id).toBe(current[0]!.id);
    expect(lead.appointments.length).toBe(states.filter(Boolean).length);
  });
});

describe('GET /api/v1/appointment/office/canScheduleAppointments', () => {
  const ask = (as: string | null, officeId: string) =>
    send('GET', `/api/v1/appointment/office/canScheduleAppointments?officeId=${officeId}`, as);

  it('401 without a token, 400 without a valid office id', async () => {
    expect((await ask(null, refs.avery.officeId)).statusCode).toBe(401);
    const bad = await ask(SEEDED.operator, 'x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('officeId');
  });

  it('answers by APPOINTMENT_SET CREATE with its office condition, the same rule a booking meets', async () => {
    const answer = async (as: string, officeId: string) => {
      const res = await ask(as, officeId);
      expect(res.statusCode).toBe(200);
      return res.json().canScheduleAppointments;
    };
    // The manager's offices are Los Angeles and San Diego; Dallas is outside them.
    expect(await answer(SEEDED.manager, refs.avery.officeId)).toBe(true);
    expect(await answer(SEEDED.manager, refs.dallas.officeId)).toBe(false);
    expect(await answer(SEEDED.operator, refs.dallas.officeId)).toBe(true);
    // The attorney may not book at all (403 on PUT /appointment above).
    expect(await answer(SEEDED.attorney, refs.avery.officeId)).toBe(false);
    // An office that does not exist is one nobody scoped to offices may book in.
    expect(await answer(SEEDED.manager, '00000000-0000-4000-8000-000000000001')).toBe(false);
  });
});

describe('POST /api/v1/appointment/bookAppointment (SPEC §7 name of the same booking)', () => {
  it('401, 403, 400 and a booking, with the same checks as PUT /appointment', async () => {
    const body = {
      inquiryId: inquiry.id,
      attorneyId: refs.avery.id,
      // A day and time no other booking of this file takes.
      appointmentDateTime: la(addDays(day, 2), '11:15'),
      appointmentLength: 15,
      appointmentStageId: 117,
      offset: -8,
    };
    const post = (as: string | null, payload: unknown) =>
      send('POST', '/api/v1/appointment/bookAppointment', as, payload);
    expect((await post(null, body)).statusCode).toBe(401);
    expect((await post(SEEDED.attorney, body)).statusCode).toBe(403);
    const bad = await post(SEEDED.operator, { ...body, appointmentLength: 45 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.appointmentLength).toBe('Appointment Length must be 15, 30 or 60 minutes.');
    const booked = await post(SEEDED.operator, body);
    expect(booked.statusCode).toBe(200);
    expect(booked.json()).toMatchObject({ inquiryId: inquiry.id, appointmentLength: 15, isCurrent: true });
    const again = await post(SEEDED.operator, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Event already scheduled for this date and time');
  });
});
