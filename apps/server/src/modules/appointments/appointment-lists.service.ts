import type { PermissionType } from '@casedesk/contract/access/permissions';
import { allowsRecord, scopeOf } from '@casedesk/contract/access/permissions';
import type {
  AppointmentListRequest,
  AppointmentListType,
  AppointmentRow,
} from '@casedesk/contract/appointments/appointment';
import { addDays, dayOfWeekOf, instantOfWallTimeCompatible } from '@casedesk/contract/appointments/zoned-time';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Database, Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import * as repo from './appointments.repository.ts';

/*
 * Reading appointments: the four lists, the week's totals, one appointment, a client's and an inquiry's.
 * Booking and changing them is appointments.service.ts.
 */

/** SPEC §2/§6: each list is behind its own menu permission. */
export const LIST_PERMISSION: Record<AppointmentListType, PermissionType> = {
  set: 'APPOINTMENT_SET',
  all: 'ALL_APPOINTMENTS',
  pi: 'APPOINTMENT_PI',
  week: 'APPOINTMENT_BY_WEEK',
};

/** Reading an appointment outside the lists: READ on any appointment list, in that list's offices. */
export const APPOINTMENT_READ_PERMISSIONS: readonly PermissionType[] = Object.values(LIST_PERMISSION);

const mayRead = (actor: Actor, officeId: string) =>
  APPOINTMENT_READ_PERMISSIONS.some((p) => allowsRecord(actor.permissions, p, 'READ', { OFFICE: officeId }));

/** The same rule as mayRead, as each list's office scope, for a query over many appointments. */
const readScopes = (actor: Actor) =>
  APPOINTMENT_READ_PERMISSIONS.map((p) => scopeOf(actor.permissions, p, 'READ', 'OFFICE'));

export async function listAppointments(
  database: Pick<Database, 'db' | 'cursor'>,
  actor: Actor,
  type: AppointmentListType,
  request: AppointmentListRequest,
) {
  return repo.findAppointmentPage(
    database,
    type,
    request,
    scopeOf(actor.permissions, LIST_PERMISSION[type], 'READ', 'OFFICE'),
  );
}

/**
 * SPEC §7 weekdayTotals: appointments on each of the 7 days from startDate, in the browser's zone when it
 * names one (days stay whole over a daylight-saving change), else at its offset.
 */
export async function weekdayTotals(
  db: Db,
  actor: Actor,
  query: { startDate: string; offset: number; officeId?: string; timeZone?: string },
) {
  const end = addDays(query.startDate, 7);
  const atOffset = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - query.offset * 3_600_000);
  const range = query.timeZone
    ? {
        from: instantOfWallTimeCompatible(query.startDate, 0, query.timeZone),
        to: instantOfWallTimeCompatible(end, 0, query.timeZone),
      }
    : { from: atOffset(query.startDate), to: atOffset(end) };
  const scope = scopeOf(actor.permissions, 'APPOINTMENT_BY_WEEK', 'READ', 'OFFICE');
  const days = query.timeZone ? { timeZone: query.timeZone } : { offsetHours: query.offset };
  const counts = await repo.countByDay(db, range, days, scope, query.officeId);
  const counted = new Map(counts.map((c) => [c.date, Number(c.count)]));
  return [0, 1, 2, 3, 4, 5, 6].map((i) => {
    const date = addDays(query.startDate, i);
    return { date, dayOfWeek: dayOfWeekOf(date), count: counted.get(date) ?? 0 };
  });
}

/** An appointment the caller may see (any appointment list in its office), else 404. */
export async function readableAppointment(db: Db, actor: Actor, id: string): Promise<AppointmentRow> {
  const row = await repo.findAppointmentRow(db, id);
  if (!row || !mayRead(actor, row.officeId)) throw AppError.notFound('Appointment');
  return row;
}

/**
 * An appointment's office and client, whoever asks: access administration explains who may reach it (the
 * caller's own right to look is checked there).
 */
export async function findAppointmentOffice(db: Db, id: string) {
  const row = await repo.findAppointmentRow(db, id);
  return row && { id: row.id, officeId: row.officeId, clientName: row.clientName };
}

/** GET /appointment/{id}: an appointment the caller may see. */
export const getAppointment = readableAppointment;

/**
 * The client detail tab (SPEC §4: active and deleted, split by a toggle on screen), newest first: the
 * appointments the caller may read (mayRead), none without any appointment list.
 */
export async function listClientAppointments(db: Db, actor: Actor, clientId: string) {
  const rows = await repo.findClientAppointmentRows(db, clientId, readScopes(actor));
  return rows.map((r) => ({
    id: r.id,
    appointmentDateTime: r.appointmentDateTime,
    appointmentType: r.appointmentType,
    lawType: r.lawType,
    stage: r.stage,
    apptStatus: r.apptStatus,
    isActive: r.isActive,
  }));
}

/** An inquiry's live appointments, its current one first (the inquiry screen's list). */
export async function listInquiryAppointments(db: Db, clientId: string, inquiryId: string) {
  const rows = await repo.findClientAppointmentRows(db, clientId);
  return rows
    .filter((r) => r.inquiryId === inquiryId && r.isActive)
    .sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent))
    .map((r) => ({ id: r.id, appointmentDateTime: r.appointmentDateTime }));
}
