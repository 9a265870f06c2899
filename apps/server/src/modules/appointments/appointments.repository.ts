import type { Scope } from '@casedesk/contract/access/permissions';
import type {
  AppointmentColumnId,
  AppointmentListRequest,
  AppointmentListType,
  AppointmentRow,
} from '@casedesk/contract/appointments/appointment';
import { PERSONAL_INJURY } from '@casedesk/contract/appointments/appointment';
import { pageOffset } from '@casedesk/contract/common/paging';
import type { SQL } from 'drizzle-orm';
import { and, count, desc, eq, gte, ilike, isNull, like, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../../platform/db/database.ts';
import { listPage } from '../../platform/db/list-page.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { anyOfficeScopeSql, officeScopeSql } from '../../platform/db/office-scope.ts';
import { attorneys } from '../attorneys/attorneys.tables.ts';
import { clients } from '../clients/clients.tables.ts';
import { dropdownOptions } from '../dropdowns/dropdowns.tables.ts';
import { inquiries } from '../inquiries/inquiries.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import { appointmentStages, appointments } from './appointments.tables.ts';

export type AppointmentRecord = typeof appointments.$inferSelect;
export type NewAppointment = typeof appointments.$inferInsert;

const attorneyUsers = alias(users, 'attorney_users');
const bookers = alias(users, 'bookers');

const rowColumns = {
  id: appointments.id,
  clientId: appointments.clientId,
  firstName: clients.firstName,
  lastName: clients.lastName,
  clientPhone: sql<string | null>`coalesce(${clients.mobileNumber}, ${clients.primaryNumber}, ${clients.homeNumber})`,
  inquiryId: appointments.inquiryId,
  attorneyId: appointments.attorneyId,
  attorneyName: attorneyUsers.displayName,
  officeId: appointments.officeId,
  officeName: offices.name,
  appointmentDateTime: appointments.appointmentDateTime,
  appointmentLength: appointments.appointmentLength,
  appointmentType: appointments.appointmentType,
  lawType: dropdownOptions.value,
  stageId: appointments.stageId,
  stage: appointmentStages.name,
  apptStatus: appointments.apptStatus,
  flagged: appointments.flagged,
  followUpDate: appointments.followUpDate,
  caseDescription: inquiries.caseDescription,
  notes: appointments.notes,
  bookedBy: bookers.displayName,
  bookedAt: appointments.createdAt,
  deletedAt: appointments.deletedAt,
  isCurrent: appointments.isCurrent,
};

const SORT_COLUMNS: Record<AppointmentColumnId, SQL> = {
  clientName: sql`${clients.lastName} || ' ' || ${clients.firstName}`,
  clientPhone: sql`coalesce(${clients.mobileNumber}, ${clients.primaryNumber}, ${clients.homeNumber})`,
  appointmentDateTime: sql`${appointments.appointmentDateTime}`,
  appointmentLength: sql`${appointments.appointmentLength}`,
  attorneyName: sql`${attorneyUsers.displayName}`,
  officeName: sql`${offices.name}`,
  lawType: sql`${dropdownOptions.value}`,
  appointmentType: sql`${appointments.appointmentType}`,
  stage: sql`${appointmentStages.name}`,
  apptStatus: sql`${appointments.apptStatus}`,
  bookedBy: sql`${bookers.displayName}`,
  bookedAt: sql`${appointments.createdAt}`,
};

function joined<T extends ReturnType<Db['select']>>(query: T) {
  return query
    .from(appointments)
    .innerJoin(clients, eq(clients.id, appointments.clientId))
    .innerJoin(attorneys, eq(attorneys.id, appointments.attorneyId))
    .innerJoin(attorneyUsers, eq(attorneyUsers.id, attorneys.userId))
    .innerJoin(offices, eq(offices.id, appointments.officeId))
    .innerJoin(appointmentStages, eq(appointmentStages.id, appointments.stageId))
    .leftJoin(dropdownOptions, eq(dropdownOptions.id, appointments.lawTypeId))
    .leftJoin(bookers, eq(bookers.id, appointments.bookedById))
    .leftJoin(inquiries, eq(inquiries.id, appointments.inquiryId));
}

export type SelectedRow = { [K in keyof typeof rowColumns]: unknown } & {
  firstName: string;
  lastName: string;
  appointmentDateTime: Date;
  bookedAt: Date;
  deletedAt: Date | null;
};

export function toRow(row: SelectedRow): AppointmentRow {
  const { firstName, lastName, appointmentDateTime, bookedAt, deletedAt, ...rest } = row;
  return {
    ...(rest as Omit<AppointmentRow, 'clientName' | 'appointmentDateTime' | 'bookedAt' | 'isActive'>),
    clientName: `${firstName} ${lastName}`,
    appointmentDateTime: appointmentDateTime.toISOString(),
    bookedAt: bookedAt.toISOString(),
    isActive: deletedAt === null,
  };
}

/** The list's conditions; the caller's office scope of that list's permission is always one of them. */
function listConditions(type: AppointmentListType, request: AppointmentListRequest, scope: Scope): SQL | undefined {
  const filter = request.filter ?? {};
  // 'set' is the booking report: it reads the booked date; the others read the appointment's own.
  const dateColumn = type === 'set' ? appointments.createdAt : appointments.appointmentDateTime;
  const conditions: (SQL | undefined)[] = [officeScopeSql(appointments.officeId, scope)];
  if (!filter.includeDeleted) conditions.push(isNull(appointments.deletedAt));
  if (type === 'pi') conditions.push(eq(dropdownOptions.value, PERSONAL_INJURY));
  if (filter.attorneyId) conditions.push(eq(appointments.attorneyId, filter.attorneyId));
  if (filter.officeId) conditions.push(eq(appointments.officeId, filter.officeId));
  if (filter.dateFrom) conditions.push(gte(dateColumn, new Date(filter.dateFrom)));
  if (filter.dateTo) conditions.push(lte(dateColumn, new Date(filter.dateTo)));
  const keyword = filter.searchKeyword?.trim();
  if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`;
    const digits = keyword.replace(/\D/g, '');
    conditions.push(
      or(
        ilike(sql`${clients.firstName} || ' ' || ${clients.lastName}`, pattern),
        ilike(attorneyUsers.displayName, pattern),
        digits.length >= 4 ? like(clients.mobileNumber, `%${digits}%`) : undefined,
        digits.length >= 4 ? like(clients.primaryNumber, `%${digits}%`) : undefined,
      ),
    );
  }
  return and(...conditions);
}

/** One page of a list and its total within the scope, with every column from one join (no N+1). */
export async function findAppointmentPage(
  database: Pick<Database, 'db' | 'cursor'>,
  type: AppointmentListType,
  request: AppointmentListRequest,
  scope: Scope,
) {
  const { db } = database;
  const direction = request.sortOrder === 'ASC' ? sql`asc nulls last` : sql`desc nulls last`;
  const defaultOrder =
    type === 'set' ? sql`${appointments.createdAt} desc` : sql`${appointments.appointmentDateTime} asc`;
  const order = request.sortBy ? sql`${SORT_COLUMNS[request.sortBy]} ${direction}` : defaultOrder;
  const where = listConditions(type, request, scope);
  return listPage(database, request, {
    rows: joined(db.select(rowColumns))
      .where(where)
      .orderBy(order, appointments.id)
      .limit(request.pageSize)
      .offset(pageOffset(request.pageNumber, request.pageSize)),
    fields: rowColumns,
    count: async () => Number((await joined(db.select({ n: count() })).where(where))[0]?.n ?? 0),
    toItem: (r) => toRow(r as SelectedRow),
  });
}

export async function findAppointmentRow(db: Db, id: string): Promise<AppointmentRow | undefined> {
  const [row] = await joined(db.select(rowColumns)).where(eq(appointments.id, id)).limit(1);
  return row ? toRow(row as SelectedRow) : undefined;
}

/**
 * The client detail tab: the client's appointments, active and deleted, newest first; with `readableIn`,
 * only those in an office one of those scopes reaches.
 */
export async function findClientAppointmentRows(
  db: Db,
  clientId: string,
  readableIn?: readonly Scope[],
): Promise<AppointmentRow[]> {
  const rows = await joined(db.select(rowColumns))
    .where(
      and(
        eq(appointments.clientId, clientId),
        readableIn ? anyOfficeScopeSql(appointments.officeId, readableIn) : undefined,
      ),
    )
    .orderBy(desc(appointments.appointmentDateTime));
  return rows.map((r) => toRow(r as SelectedRow));
}

/**
 * Appointments per local day between two instants: days of an IANA zone (PostgreSQL's own zone data) or
 * at a fixed UTC offset in hours.
 */
export async function countByDay(
  db: Db,
  { from, to }: { from: Date; to: Date },
  days: { timeZone: string } | { offsetHours: number },
  scope: Scope,
  officeId?: string,
) {
  const local =
    'timeZone' in days
      ? sql`${appointments.appointmentDateTime} at time zone ${days.timeZone}`
      : sql`${appointments.appointmentDateTime} at time zone 'UTC' + interval '1 minute' * ${Math.round(days.offsetHours * 60)}`;
  const day = sql<string>`to_char(${local}, 'YYYY-MM-DD')`;
  return (
    db
      .select({ date: day, count: count() })
      .from(appointments)
      .where(
        and(
          officeScopeSql(appointments.officeId, scope),
          officeId ? eq(appointments.officeId, officeId) : undefined,
          isNull(appointments.deletedAt),
          gte(appointments.appointmentDateTime, from),
          sql`${appointments.appointmentDateTime} < ${to.toISOString()}::timestamptz`,
        ),
      )
      // By position: the day's expression carries bound values, and GROUP BY would not see two binds as equal.
      .groupBy(sql`1`)
  );
}

export async function lockAppointment(db: Db, id: string): Promise<AppointmentRecord | undefined> {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id)).for('update');
  return row;
}

export async function updateAppointmentRecord(db: Db, id: string, values: Partial<NewAppointment>) {
  const [row] = await db
    .update(appointments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(appointments.id, id))
    .returning();
  return row!;
}

/** SPEC §4: one appointment is the inquiry's; this one becomes it. */
export async function makeCurrent(db: Db, inquiryId: string, appointmentId: string): Promise<void> {
  // Two bookings for one inquiry at once would each clear the other's uncommitted flag and then collide on
  // appointments_one_current_per_inquiry; this lock makes the second wait and see the first.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`inquiry-current:${inquiryId}`}))`);
  await db
    .update(appointments)
    .set({ isCurrent: false })
    .where(and(eq(appointments.inquiryId, inquiryId), eq(appointments.isCurrent, true)));
  await db.update(appointments).set({ isCurrent: true }).where(eq(appointments.id, appointmentId));
}

/** SPEC §4: after a delete the inquiry's appointment is its newest by booked date. */
export async function newestActiveOfInquiry(db: Db, inquiryId: string): Promise<AppointmentRecord | undefined> {
  const [row] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.inquiryId, inquiryId), isNull(appointments.deletedAt)))
    .orderBy(desc(appointments.createdAt), desc(appointments.id))
    .limit(1);
  return row;
}
