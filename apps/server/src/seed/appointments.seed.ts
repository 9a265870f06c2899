import type { Faker } from '@faker-js/faker';
import { APPT_STATUSES } from '@casedesk/contract/appointments/row-colour';
import { computeSlots } from '@casedesk/contract/appointments/slots';
import { addDays, wallTimeOf } from '@casedesk/contract/appointments/zoned-time';
import { asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { appointments } from '../modules/appointments/appointments.tables.ts';
import { attorneys } from '../modules/attorneys/attorneys.tables.ts';
import { attorneySchedules, calendarEvents, holidays } from '../modules/calendar/calendar.tables.ts';
import { inquiries } from '../modules/inquiries/inquiries.tables.ts';
import { offices } from '../modules/offices/offices.tables.ts';
import type { Db } from '../platform/db/database.ts';

/** Monday to Friday, a lunch hour off. */
export const DEMO_WEEK = [1, 2, 3, 4, 5].flatMap((dayOfWeek) => [
  { dayOfWeek, startTime: '09:00', endTime: '12:00' },
  { dayOfWeek, startTime: '13:00', endTime: '17:00' },
]);

/** Firm-wide holidays of the demo. */
export const DEMO_HOLIDAYS = [
  { date: '2026-11-26', name: 'Thanksgiving Day' },
  { date: '2026-12-25', name: 'Christmas Day' },
  { date: '2027-01-01', name: 'New Year’s Day' },
];

/**
 * Appointments demo data: every attorney works DEMO_WEEK, the first one in each office also does
 * litigation, and some seeded inquiries have an appointment in the weeks around today, each in a free
 * slot of its attorney (the exclusion constraint would refuse anything else).
 */
export async function seedAppointments(db: Db, faker: Faker, now = new Date()): Promise<void> {
  const rows = await db
    .select({ id: attorneys.id, officeId: attorneys.officeId, timeZone: offices.timeZone })
    .from(attorneys)
    .innerJoin(offices, eq(offices.id, attorneys.officeId))
    .orderBy(asc(attorneys.id));
  if (rows.length === 0) return;
  await db.insert(attorneySchedules).values(rows.flatMap((a) => DEMO_WEEK.map((w) => ({ ...w, attorneyId: a.id }))));
  await db.insert(holidays).values(DEMO_HOLIDAYS).onConflictDoNothing();
  const firstOfOffice = new Map<string, string>();
  for (const a of rows) if (!firstOfOffice.has(a.officeId)) firstOfOffice.set(a.officeId, a.id);
  await db
    .update(attorneys)
    .set({ isLitigation: true })
    .where(inArray(attorneys.id, [...firstOfOffice.values()]));

  const leads = await db
    .select({
      id: inquiries.id,
      clientId: inquiries.clientId,
      lawTypeId: inquiries.lawTypeId,
      leadOwnerId: inquiries.leadOwnerId,
    })
    .from(inquiries)
    .where(isNotNull(inquiries.officeId))
    .orderBy(asc(inquiries.createdAt))
    .limit(60);
  const holidayDates = new Set(DEMO_HOLIDAYS.map((h) => h.date));
  const booked = new Map<string, { start: Date; end: Date }[]>();
  for (const [i, lead] of leads.entries()) {
    const attorney = rows[i % rows.length]!;
    const today = wallTimeOf(now, attorney.timeZone).date;
    const days = computeSlots({
      from: addDays(today, faker.number.int({ min: -10, max: 14 })),
      to: addDays(today, 21),
      timeZone: attorney.timeZone,
      windows: DEMO_WEEK,
      length: 30,
      busy: booked.get(attorney.id) ?? [],
      holidays: holidayDates,
      now: new Date(0),
      past: false,
    }).filter((d) => d.slots.length > 0);
    const day = faker.helpers.arrayElement(days);
    const slot = faker.helpers.arrayElement(day.slots);
    booked.set(attorney.id, [...(booked.get(attorney.id) ?? []), slot]);
    const past = slot.start < now;
    const [appointment] = await db
      .insert(appointments)
      .values({
        clientId: lead.clientId,
        inquiryId: lead.id,
        attorneyId: attorney.id,
        officeId: attorney.officeId,
        title: 'Consultation',
        appointmentDateTime: slot.start,
        appointmentLength: 30,
        lawTypeId: lead.lawTypeId,
        stageId: past ? faker.helpers.arrayElement([117, 118, 119, 120, 121, 122]) : 117,
        apptStatus: faker.helpers.arrayElement(APPT_STATUSES),
        bookedById: lead.leadOwnerId,
        isCurrent: true,
        createdAt: addMinutes(slot.start, -faker.number.int({ min: 60, max: 14 * 24 * 60 })),
      })
      .returning({ id: appointments.id });
    await db.insert(calendarEvents).values({
      attorneyId: attorney.id,
      appointmentId: appointment!.id,
      kind: 'APPOINTMENT',
      subject: 'Consultation',
      startsAt: slot.start,
      endsAt: slot.end,
    });
  }
}

const addMinutes = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000);
