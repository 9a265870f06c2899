import type { AccessType } from '@casedesk/contract/access/permissions';
import { allowsRecord, hasAccess } from '@casedesk/contract/access/permissions';
import type { SaveAppointment } from '@casedesk/contract/appointments/appointment';
import { APPOINTMENT_MESSAGES } from '@casedesk/contract/appointments/appointment';
import type {
  AppointmentLink,
  SavedAppointment,
  WelcomeTextOutcome,
} from '@casedesk/contract/appointments/appointment-link';
import type { AppointmentLength, WeeklyWindow } from '@casedesk/contract/appointments/slots';
import { fitsWindows } from '@casedesk/contract/appointments/slots';
import { wallTimeOf } from '@casedesk/contract/appointments/zoned-time';
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db/database.ts';
import { isExclusionViolation, pgError } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { AttorneyInfo } from '../attorneys/attorney-directory.service.ts';
import { providerBusyOverlap } from '../calendar/calendar-provider-events.service.ts';
import {
  cancelAppointmentEvent,
  moveAppointmentEvent,
  newEventSyncState,
  pushEvent,
} from '../calendar/calendar.service.ts';
import { mayLinkCall } from '../calls/calls.service.ts';
import { mayReachInquiry, requireInquiryRef } from '../inquiries/inquiries.service.ts';
import type { AppointmentLinks } from './appointment-links.service.ts';
import { appointmentLinkFor } from './appointment-links.service.ts';
import { linkExpiresAt } from './appointment-token.ts';
import { readableAppointment } from './appointment-lists.service.ts';
import * as repo from './appointments.repository.ts';
import type { BookingWrite } from './booking.repository.ts';
import { findBookingReads, insertBooking } from './booking.repository.ts';

/*
 * Booking and changing appointments (book, move, attach to an inquiry, edit, delete, the welcome text).
 * Reading them is appointment-lists.service.ts.
 */

/** Booking and changing appointments: APPOINTMENT_SET, in the attorney's office. */
const mayBook = (actor: Actor, officeId: string, access: AccessType) =>
  allowsRecord(actor.permissions, 'APPOINTMENT_SET', access, { OFFICE: officeId });

interface BookingContext {
  attorney: AttorneyInfo;
  windows: WeeklyWindow[];
  isHoliday: boolean;
}

/**
 * A booking's reads (one round trip), checked: the named inquiry must be one the caller's LEADS access
 * reaches and the attorney must exist (else 404, the inquiry first); the start's office day is looked up
 * among the holidays.
 */
async function readBooking(db: Db, actor: Actor, ids: { inquiryId: string | null; attorneyId: string }, start: Date) {
  const { inquiry, attorney, windows, holidayDates } = await findBookingReads(db, ids, start);
  if (ids.inquiryId && (!inquiry || !mayReachInquiry(actor, inquiry.officeId))) throw AppError.notFound('Inquiry');
  if (!attorney) throw AppError.notFound('Attorney');
  const context: BookingContext = {
    attorney,
    windows,
    isHoliday: holidayDates.includes(wallTimeOf(start, attorney.timeZone).date),
  };
  return { inquiry, context };
}

/**
 * The checks a booking passes before it is written: the attorney works that day, it is no holiday, and a
 * future appointment lies inside the attorney's hours. Overlaps are the database's to refuse.
 */
function checkBookable(context: BookingContext, start: Date, length: AppointmentLength, past: boolean) {
  const { attorney, windows, isHoliday } = context;
  if (isHoliday) throw new AppError('BUSINESS_RULE', APPOINTMENT_MESSAGES.holiday);
  const { dayOfWeek } = wallTimeOf(start, attorney.timeZone);
  if (!windows.some((w) => w.dayOfWeek === dayOfWeek))
    throw new AppError('BUSINESS_RULE', APPOINTMENT_MESSAGES.dayBlocked);
  if (!past && !fitsWindows(start, length, windows, attorney.timeZone)) {
    throw new AppError('BUSINESS_RULE', APPOINTMENT_MESSAGES.outsideHours);
  }
}

/**
 * A meeting only the attorney's Outlook holds takes the time as surely as our own events (with Microsoft
 * Graph; nothing to read with the database provider, whose exclusion constraint sees every event).
 */
async function refuseProviderBusyTime(db: Db, attorney: AttorneyInfo, start: Date, length: AppointmentLength) {
  if (await providerBusyOverlap(db, attorney, start, endOf(start, length))) {
    throw AppError.conflict(APPOINTMENT_MESSAGES.alreadyScheduled);
  }
}

/** Runs a write that takes calendar time; an overlap becomes SPEC §5's 409. */
async function holdingTime<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isExclusionViolation(error)) throw AppError.conflict(APPOINTMENT_MESSAGES.alreadyScheduled);
    const field = unknownReference(error);
    if (field)
      throw AppError.validation(APPOINTMENT_MESSAGES.unknownReference(field.label), {
        [field.name]: APPOINTMENT_MESSAGES.unknownReference(field.label),
      });
    throw error;
  }
}

/** A call outside the caller's CALLS READ office scope is refused as if it did not exist. */
async function requireLinkableCall(db: Db, actor: Actor, callId: string): Promise<void> {
  if (await mayLinkCall(db, actor, callId)) return;
  const message = APPOINTMENT_MESSAGES.unknownReference('Call');
  throw AppError.validation(message, { callId: message });
}

/** A foreign key the caller filled (law type, call) that names no record: which field it was. */
function unknownReference(error: unknown): { name: string; label: string } | undefined {
  const failure = pgError(error);
  if (failure?.code !== '23503') return undefined;
  if (failure.constraint?.includes('law_type')) return { name: 'lawTypeId', label: 'Law Type' };
  if (failure.constraint?.includes('call_id')) return { name: 'callId', label: 'Call' };
  return undefined;
}

const endOf = (start: Date, length: number) => new Date(start.getTime() + length * 60_000);

/**
 * PUT /appointment (SPEC §3 save payload): books a new appointment for the inquiry, or updates the one
 * named by appointmentId. The appointment row, its calendar time, the inquiry's current appointment and
 * the audit row commit together; a concurrent booking of overlapping time gets 409 and writes nothing.
 */
export async function saveAppointment(db: Db, actor: Actor, input: SaveAppointment, now = new Date()) {
  if (input.appointmentId) return updateBooking(db, actor, input, now);
  const start = new Date(input.appointmentDateTime);
  if (input.callId) await requireLinkableCall(db, actor, input.callId);
  const { inquiry, context } = await readBooking(db, actor, input, start);
  if (!inquiry) throw AppError.notFound('Inquiry');
  const { attorney } = context;
  if (!mayBook(actor, attorney.officeId, 'CREATE')) throw AppError.notFound('Attorney');
  if (attorney.officeStatus !== 'ACTIVE') throw new AppError('BUSINESS_RULE', APPOINTMENT_MESSAGES.officeInactive);
  checkBookable(context, start, input.appointmentLength, start < now || input.schedulePast);
  await refuseProviderBusyTime(db, attorney, start, input.appointmentLength);
  const write: BookingWrite = {
    appointment: {
      id: randomUUID(),
      clientId: inquiry.clientId,
      inquiryId: inquiry.id,
      callId: input.callId ?? null,
      attorneyId: attorney.attorneyId,
      officeId: attorney.officeId,
      title: input.title ?? null,
      adTitle: input.adTitle ?? null,
      notes: input.notes ?? null,
      appointmentDateTime: start,
      appointmentLength: input.appointmentLength,
      appointmentType: input.appointmentType,
      lawTypeId: input.lawTypeId ?? inquiry.lawTypeId,
      stageId: input.appointmentStageId,
      sendWelcomeText: input.sendWelcomeText,
      bookedById: actor.userId,
    },
    event: {
      subject: input.title || 'Appointment',
      endsAt: endOf(start, input.appointmentLength),
      syncState: newEventSyncState(),
    },
    audit: { actorId: actor.userId, ip: actor.ip, requestId: actor.requestId },
  };
  const { row, eventId } = await holdingTime(() => insertBookingOnce(db, write));
  pushEvent(eventId);
  return row;
}

/**
 * One statement sees the database as it was when it began, so a booking of the same inquiry that committed
 * meanwhile can make it meet appointments_one_current_per_inquiry; the retry sees that booking and clears it.
 */
async function insertBookingOnce(db: Db, write: BookingWrite, attempts = 5) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insertBooking(db, write);
    } catch (error) {
      const failure = pgError(error);
      const currentRace = failure?.code === '23505' && failure.constraint === 'appointments_one_current_per_inquiry';
      if (!currentRace || attempt >= attempts) throw error;
    }
  }
}

/** Moves or edits a booked appointment; its calendar time moves with it under the same constraint. */
async function updateBooking(db: Db, actor: Actor, input: SaveAppointment, now: Date) {
  const current = await readableAppointment(db, actor, input.appointmentId!);
  if (!mayBook(actor, current.officeId, 'UPDATE') || !current.isActive) throw AppError.notFound('Appointment');
  return rescheduleAppointment(
    db,
    actor,
    {
      appointmentId: current.id,
      appointmentDateTime: input.appointmentDateTime,
      appointmentLength: input.appointmentLength,
      attorneyId: input.attorneyId,
      fields: {
        title: input.title ?? null,
        adTitle: input.adTitle ?? null,
        notes: input.notes ?? null,
        stageId: input.appointmentStageId,
      },
      schedulePast: input.schedulePast,
    },
    now,
  );
}

export async function rescheduleAppointment(
  db: Db,
  actor: Actor,
  input: {
    appointmentId: string;
    appointmentDateTime: string;
    appointmentLength?: AppointmentLength;
    attorneyId?: string;
    fields?: Partial<repo.NewAppointment>;
    schedulePast?: boolean;
  },
  now = new Date(),
) {
  const current = await readableAppointment(db, actor, input.appointmentId);
  if (!mayBook(actor, current.officeId, 'UPDATE') || !current.isActive) throw AppError.notFound('Appointment');
  const start = new Date(input.appointmentDateTime);
  const { context } = await readBooking(
    db,
    actor,
    { inquiryId: null, attorneyId: input.attorneyId ?? current.attorneyId },
    start,
  );
  const { attorney } = context;
  if (!mayBook(actor, attorney.officeId, 'UPDATE')) throw AppError.notFound('Attorney');
  const length = input.appointmentLength ?? (current.appointmentLength as AppointmentLength);
  checkBookable(context, start, length, start < now || Boolean(input.schedulePast));
  await refuseProviderBusyTime(db, attorney, start, length);
  await holdingTime(() =>
    db.transaction(async (tx) => {
      const before = await repo.lockAppointment(tx, current.id);
      const after = await repo.updateAppointmentRecord(tx, current.id, {
        ...input.fields,
        attorneyId: attorney.attorneyId,
        officeId: attorney.officeId,
        appointmentDateTime: start,
        appointmentLength: length,
      });
      await moveAppointmentEvent(tx, current.id, {
        attorneyId: attorney.attorneyId,
        startsAt: start,
        endsAt: endOf(start, length),
      });
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'appointment.reschedule',
        entity: 'appointments',
        entityId: current.id,
        before,
        after,
        ip: actor.ip,
        requestId: actor.requestId,
      });
    }),
  );
  return (await repo.findAppointmentRow(db, current.id))!;
}

/** The appointment of an inquiry, as the inquiry routes name it (inquiryId + appointmentId). */
async function appointmentOfInquiry(
  db: Db,
  actor: Actor,
  inquiryId: string,
  appointmentId: string,
  access: AccessType,
) {
  const row = await readableAppointment(db, actor, appointmentId);
  if (row.inquiryId !== inquiryId || !mayBook(actor, row.officeId, access)) throw AppError.notFound('Appointment');
  return row;
}

/**
 * SPEC §7 patch with callId and inquiryId; SPEC §4: the existing appointment is set as the inquiry's. That
 * changes the lead too, so besides APPOINTMENT_SET UPDATE (the route's) it takes LEADS UPDATE in its office.
 */
export async function attachAppointment(
  db: Db,
  actor: Actor,
  input: { appointmentId: string; inquiryId: string; callId?: string },
) {
  if (!hasAccess(actor.permissions, 'LEADS', 'UPDATE')) throw AppError.forbidden();
  const inquiry = await requireInquiryRef(db, actor, input.inquiryId, 'UPDATE');
  if (input.callId) await requireLinkableCall(db, actor, input.callId);
  const row = await readableAppointment(db, actor, input.appointmentId);
  if (row.clientId !== inquiry.clientId || !row.isActive || !mayBook(actor, row.officeId, 'UPDATE')) {
    throw AppError.notFound('Appointment');
  }
  await db.transaction(async (tx) => {
    const before = await repo.lockAppointment(tx, row.id);
    const after = await repo.updateAppointmentRecord(tx, row.id, {
      inquiryId: inquiry.id,
      ...(input.callId ? { callId: input.callId } : {}),
    });
    await repo.makeCurrent(tx, inquiry.id, row.id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'appointment.attach',
      entity: 'appointments',
      entityId: row.id,
      before,
      after,
      ip: actor.ip,
      requestId: actor.requestId,
    });
  });
  return (await repo.findAppointmentRow(db, row.id))!;
}

/** PATCH /appointment/{inquiryId}/{appointmentId}: stage, status, flag, follow-up, notes. */
export async function updateAppointmentFields(
  db: Db,
  actor: Actor,
  path: { inquiryId: string; appointmentId: string },
  fields: Partial<Pick<repo.NewAppointment, 'stageId' | 'apptStatus' | 'flagged' | 'followUpDate' | 'notes'>>,
) {
  const row = await appointmentOfInquiry(db, actor, path.inquiryId, path.appointmentId, 'UPDATE');
  await db.transaction(async (tx) => {
    const before = await repo.lockAppointment(tx, row.id);
    const after = await repo.updateAppointmentRecord(tx, row.id, fields);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'appointment.update',
      entity: 'appointments',
      entityId: row.id,
      before,
      after,
      ip: actor.ip,
      requestId: actor.requestId,
    });
  });
  return (await repo.findAppointmentRow(db, row.id))!;
}

/**
 * DELETE /appointment/{inquiryId}/{appointmentId}: the appointment is kept as deleted (the client tab
 * shows it under its toggle), its time is given back, and the inquiry's appointment becomes its newest
 * remaining one by booked date (SPEC §4).
 */
export async function deleteAppointment(db: Db, actor: Actor, path: { inquiryId: string; appointmentId: string }) {
  const row = await appointmentOfInquiry(db, actor, path.inquiryId, path.appointmentId, 'UPDATE');
  await db.transaction(async (tx) => {
    const before = await repo.lockAppointment(tx, row.id);
    if (!before || before.deletedAt) return;
    await repo.updateAppointmentRecord(tx, row.id, { deletedAt: new Date(), isCurrent: false });
    await cancelAppointmentEvent(tx, row.id);
    const newest = await repo.newestActiveOfInquiry(tx, path.inquiryId);
    if (newest) await repo.makeCurrent(tx, path.inquiryId, newest.id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'appointment.delete',
      entity: 'appointments',
      entityId: row.id,
      before,
      ip: actor.ip,
      requestId: actor.requestId,
    });
  });
  return (await repo.findAppointmentRow(db, row.id))!;
}

/** SPEC §7 office/canScheduleAppointments: whether the caller may book in that office. */
export function canScheduleAppointments(actor: Actor, officeId: string): boolean {
  return mayBook(actor, officeId, 'CREATE');
}

/**
 * Sends a booked client the welcome text (the SMS module's "Send welcome text" chat option, honouring
 * auto-text and opt-out) and says what became of it. Handed in by the app, as the SMS module depends on
 * this one and not the other way round.
 */
export type WelcomeTextSender = (
  actor: Actor,
  ref: { clientId: string; inquiryId: string | null },
) => Promise<WelcomeTextOutcome>;

/**
 * PUT /appointment and bookAppointment: the save, then (the welcome SMS checkbox) the welcome text
 * of a new booking that asked for one. The text goes only after the booking has committed, so a refused
 * booking (409) never texts; a text that cannot go never undoes the booking.
 */
export async function saveAppointmentWithWelcome(
  db: Db,
  actor: Actor,
  input: SaveAppointment,
  sendWelcomeText: WelcomeTextSender,
): Promise<SavedAppointment> {
  const saved = await saveAppointment(db, actor, input);
  if (input.appointmentId || !input.sendWelcomeText) return { ...saved, welcomeText: 'NOT_REQUESTED' };
  const welcomeText = await sendWelcomeText(actor, { clientId: saved.clientId, inquiryId: saved.inquiryId }).catch(
    (): WelcomeTextOutcome => 'FAILED',
  );
  return { ...saved, welcomeText };
}

/** GET /appointment/link/{appointmentId}: the signed client link of an appointment the caller may book in. */
export async function appointmentLink(
  db: Db,
  actor: Actor,
  links: AppointmentLinks,
  appointmentId: string,
): Promise<AppointmentLink> {
  const row = await readableAppointment(db, actor, appointmentId);
  if (!row.isActive || !allowsRecord(actor.permissions, 'APPOINTMENT_SET', 'READ', { OFFICE: row.officeId })) {
    throw AppError.notFound('Appointment');
  }
  return {
    url: appointmentLinkFor(links, row),
    expiresAt: new Date(linkExpiresAt(row) * 1000).toISOString(),
  };
}
