import { addDays } from '@casedesk/contract/appointments/zoned-time';
import type { ApptStatus } from '@casedesk/contract/appointments/row-colour';
import { appointmentRowColour } from '@casedesk/contract/appointments/row-colour';
import type { Drill, Series, TimelineItem } from '@casedesk/contract/dashboards/dashboard';
import type { DashboardCall } from './dashboard.service.ts';
import { daysOf, namedZone } from './dashboard-zone.ts';
import { COMING_DAYS, officeRows, TIMELINE_COLUMNS } from './office-rows.repository.ts';
import { rowsWith, tallyBy } from './row-set.repository.ts';
import type { RowContext } from './row-sql.repository.ts';

type Base = Pick<Drill, 'dashboard' | 'officeId'>;

/** The most appointments the timeline lists; the figure and its drill-down count them all. */
export const TIMELINE_LIMIT = 500;

/**
 * Appointments booked for each of the coming days (office days; offices in different zones share a date). The
 * days are those of the first office's zone, which is the period the screen shows.
 */
export async function officeSeries(call: DashboardCall, context: RowContext, base: Base): Promise<Series[]> {
  const set = officeRows('bookedComingDays', context);
  const counts = await tallyBy(call.database, set, 'day');
  const zone = namedZone(context.offices[0]?.timeZone ?? 'UTC');
  const today = daysOf(call.now, zone).today;
  const days = Array.from({ length: COMING_DAYS }, (_, i) => addDays(today, i + 1));
  return [
    {
      key: 'bookedByDay',
      label: 'Appointments booked for the coming days',
      unit: 'count',
      group: 'bookedByDay',
      points: days.map((day) => ({
        label: day,
        value: counts.get(day)?.rows ?? 0,
        drill: { ...base, figure: 'bookedComingDays' as const, day },
      })),
    },
  ];
}

/** Today's appointments in time order with their SPEC §4 colours (appointmentRowColour, as the lists draw them). */
export async function officeTimeline(call: DashboardCall, context: RowContext): Promise<TimelineItem[]> {
  const set = officeRows('appointmentsToday', context);
  const rows = await rowsWith(call.database, set, TIMELINE_COLUMNS, TIMELINE_LIMIT);
  return rows.map((r) => ({
    appointmentId: String(r.id),
    officeId: String(r.officeId),
    officeName: String(r.office),
    appointmentDateTime: String(r.appointmentTime),
    appointmentLength: Number(r.length),
    clientName: String(r.client ?? ''),
    attorneyName: r.attorney === null ? null : String(r.attorney),
    stage: String(r.stage ?? ''),
    apptStatus: String(r.apptStatus),
    colour: appointmentRowColour(
      {
        appointmentDateTime: String(r.appointmentTime),
        stageId: Number(r.stageId),
        apptStatus: r.apptStatus as ApptStatus,
      },
      call.now,
    ),
  }));
}
