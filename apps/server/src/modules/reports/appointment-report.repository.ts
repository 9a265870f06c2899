import type { Scope } from '@casedesk/contract/access/permissions';
import type { AppointmentSummaryGroup } from '@casedesk/contract/reports/appointment-summary';
import type { SQL } from 'drizzle-orm';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import type { Db } from '../../platform/db/database.ts';
import { appointments } from '../appointments/appointments.tables.ts';
import { attorneys } from '../attorneys/attorneys.tables.ts';
import { calls } from '../calls/calls.tables.ts';
import { dropdownOptions } from '../dropdowns/dropdowns.tables.ts';
import { mappingInForceAt, trackingLineMappings } from '../marketing/marketing.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import type { ReportWindow } from './report-window.ts';
import { localDay, windowConditions } from './reports.repository.ts';

/** The stages of row-colour.ts the counts read (SPEC §3). */
const SIGNED = 118;
const CANCELLATION = 119;
const NO_SHOW = 121;
const SHOWED = 122;

export interface AppointmentRecord {
  key: string;
  label: string | null;
  set: number;
  showed: number;
  noShow: number;
  cancelled: number;
  rescheduled: number;
  signed: number;
}

/**
 * The marketing source of an appointment: the source its own call came in on (the tracking line's mapping in
 * force then), else its inquiry's first tracked call (its first touch, as attribution counts leads).
 */
const appointmentSource = sql<string | null>`coalesce(
  (select ${trackingLineMappings.source} from ${calls}
     join ${trackingLineMappings} on ${mappingInForceAt(calls.trackingLineId, calls.callStartTime)}
    where ${calls.id} = ${appointments.callId}),
  (select ${trackingLineMappings.source} from ${calls}
     join ${trackingLineMappings} on ${mappingInForceAt(calls.trackingLineId, calls.callStartTime)}
    where ${calls.inquiryId} = ${appointments.inquiryId}
    order by ${calls.callStartTime}, ${calls.id} limit 1))`;

/**
 * Rescheduled: the appointments module audits every move (`appointment.reschedule`, the row before and after,
 * also for a save that edits the appointment), so an appointment was rescheduled when one of its audit rows
 * changed its date-time. The audit trail is read by its (entity, entity_id) index, one appointment at a time.
 */
const wasRescheduled = sql<boolean>`exists (
  select 1 from ${auditEvents}
   where ${auditEvents.entity} = 'appointments' and ${auditEvents.entityId} = ${appointments.id}::text
     and ${auditEvents.action} = 'appointment.reschedule'
     and (${auditEvents.before} ->> 'appointmentDateTime')::timestamptz
         is distinct from (${auditEvents.after} ->> 'appointmentDateTime')::timestamptz)`;

/** Appointments of the window per office, attorney, law type, source or local day, in one grouped query. */
export async function summarizeAppointments(
  db: Db,
  groupBy: AppointmentSummaryGroup,
  window: ReportWindow,
  scopes: readonly Scope[],
): Promise<AppointmentRecord[]> {
  const groups: Record<AppointmentSummaryGroup, { key: SQL<string>; label: SQL<string | null> }> = {
    OFFICE: { key: sql<string>`${appointments.officeId}::text`, label: sql`${offices.name}` },
    ATTORNEY: { key: sql<string>`${appointments.attorneyId}::text`, label: sql`${users.displayName}` },
    LAW_TYPE: {
      key: sql<string>`coalesce(${appointments.lawTypeId}::text, 'none')`,
      label: sql`${dropdownOptions.value}`,
    },
    SOURCE: { key: sql<string>`coalesce(${appointmentSource}, 'none')`, label: appointmentSource },
    DAY: { key: localDay(appointments.appointmentDateTime, window), label: sql`null::text` },
  };
  const { key, label } = groups[groupBy];
  const stage = (id: number) => sql`count(*) filter (where ${appointments.stageId} = ${id})::int`;
  const rows = await db
    .select({
      key: key.as('group_key'),
      label: sql<string | null>`min(${label})`,
      set: sql<number>`count(*)::int`,
      showed: sql<number>`count(*) filter (where ${appointments.stageId} in (${SHOWED}, ${SIGNED}))::int`,
      noShow: stage(NO_SHOW),
      cancelled: stage(CANCELLATION),
      rescheduled: sql<number>`count(*) filter (where ${wasRescheduled})::int`,
      signed: stage(SIGNED),
    })
    .from(appointments)
    .innerJoin(offices, eq(offices.id, appointments.officeId))
    .innerJoin(attorneys, eq(attorneys.id, appointments.attorneyId))
    .innerJoin(users, eq(users.id, attorneys.userId))
    .leftJoin(dropdownOptions, eq(dropdownOptions.id, appointments.lawTypeId))
    .where(
      and(
        isNull(appointments.deletedAt),
        windowConditions(appointments.appointmentDateTime, appointments.officeId, window, scopes),
      ),
    )
    .groupBy(sql`group_key`);
  return rows.map((r) => ({
    key: r.key,
    label: r.label,
    set: Number(r.set),
    showed: Number(r.showed),
    noShow: Number(r.noShow),
    cancelled: Number(r.cancelled),
    rescheduled: Number(r.rescheduled),
    signed: Number(r.signed),
  }));
}
