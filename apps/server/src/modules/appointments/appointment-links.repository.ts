import { and, asc, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { attorneys } from '../attorneys/attorneys.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import { appointments } from './appointments.tables.ts';

/** SPEC §3 stage 119: a cancelled appointment's link shows nothing, like a deleted one's. */
const CANCELLATION_STAGE_ID = 119;

/** The fields of one appointment its public page may show, when it is neither deleted nor cancelled. */
export async function findLiveAppointmentDetail(db: Db, id: string) {
  const [row] = await db
    .select({
      appointmentDateTime: appointments.appointmentDateTime,
      appointmentLength: appointments.appointmentLength,
      officeName: offices.name,
      streetAddress: offices.streetAddress,
      city: offices.city,
      state: offices.state,
      zip: offices.zip,
      timeZone: offices.timeZone,
      attorneyName: users.displayName,
      zoomLink: sql<string | null>`coalesce(${attorneys.zoomLink}, ${users.zoomLink})`,
    })
    .from(appointments)
    .innerJoin(offices, eq(offices.id, appointments.officeId))
    .innerJoin(attorneys, eq(attorneys.id, appointments.attorneyId))
    .innerJoin(users, eq(users.id, attorneys.userId))
    .where(
      and(eq(appointments.id, id), isNull(appointments.deletedAt), ne(appointments.stageId, CANCELLATION_STAGE_ID)),
    )
    .limit(1);
  return row;
}

export interface LinkTarget {
  id: string;
  appointmentDateTime: Date;
  appointmentLength: number;
}

/** Live (not deleted, not cancelled) appointments that have not ended by `now`: the ones worth a link. */
function upcoming(now: Date) {
  return and(
    isNull(appointments.deletedAt),
    ne(appointments.stageId, CANCELLATION_STAGE_ID),
    // end > now, written as start > now − length so the date index can serve it.
    gt(
      appointments.appointmentDateTime,
      sql`${now.toISOString()}::timestamptz - make_interval(mins => ${appointments.appointmentLength})`,
    ),
  );
}

const targetColumns = {
  id: appointments.id,
  appointmentDateTime: appointments.appointmentDateTime,
  appointmentLength: appointments.appointmentLength,
};

/** The inquiry's current appointment (SPEC §4), if it has not ended. */
export async function findCurrentOfInquiry(
  db: Db,
  clientId: string,
  inquiryId: string,
  now: Date,
): Promise<LinkTarget | undefined> {
  const [row] = await db
    .select(targetColumns)
    .from(appointments)
    .where(
      and(
        eq(appointments.clientId, clientId),
        eq(appointments.inquiryId, inquiryId),
        eq(appointments.isCurrent, true),
        upcoming(now),
      ),
    )
    .orderBy(desc(appointments.createdAt))
    .limit(1);
  return row;
}

/** The client's next appointment (or the one under way). */
export async function findNextOfClient(db: Db, clientId: string, now: Date): Promise<LinkTarget | undefined> {
  const [row] = await db
    .select(targetColumns)
    .from(appointments)
    .where(and(eq(appointments.clientId, clientId), upcoming(now)))
    .orderBy(asc(appointments.appointmentDateTime), asc(appointments.id))
    .limit(1);
  return row;
}
