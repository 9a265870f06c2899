import type { Drill, Series } from '@casedesk/contract/dashboards/dashboard';
import type { DashboardCall } from './dashboard.service.ts';
import { userNames } from './dashboard.repository.ts';
import { callCenterRows } from './call-center-rows.repository.ts';
import { tallyBy, valueOf } from './row-set.repository.ts';
import type { RowContext } from './row-sql.repository.ts';

type Base = Pick<Drill, 'dashboard' | 'officeId'>;

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * The call centre's series: calls in and out per hour of today (two series of one group), and appointments set
 * today by operator, most first. Each point is its figure narrowed by the point's drill (hour, userId).
 */
export async function callCenterSeries(call: DashboardCall, context: RowContext, base: Base): Promise<Series[]> {
  const byHour = async (figure: 'inboundCalls' | 'outboundCalls', label: string): Promise<Series> => {
    const set = callCenterRows(figure, context);
    const counts = await tallyBy(call.database, set, 'hour');
    return {
      key: 'callsByHour',
      label,
      unit: 'count',
      group: 'callsByHour',
      points: HOURS.map((hour) => ({
        label: String(hour).padStart(2, '0'),
        value: valueOf(set.measure, counts.get(String(hour)) ?? { rows: 0, cents: 0, seconds: 0, yes: 0 }),
        drill: { ...base, figure, hour },
      })),
    };
  };
  const set = callCenterRows('appointmentsSet', context);
  const [inbound, outbound, byOperator] = await Promise.all([
    byHour('inboundCalls', 'Inbound calls'),
    byHour('outboundCalls', 'Outbound calls'),
    tallyBy(call.database, set, 'userId'),
  ]);
  const names = await userNames(call.database.db, [...byOperator.keys()]);
  const operators: Series = {
    key: 'appointmentsByOperator',
    label: 'Appointments set by operator',
    unit: 'count',
    group: 'appointmentsByOperator',
    points: [...byOperator.entries()]
      .map(([userId, counted]) => ({
        label: names.get(userId) ?? 'Unknown user',
        value: counted.rows,
        drill: { ...base, figure: 'appointmentsSet' as const, userId },
      }))
      .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label)),
  };
  return [inbound, outbound, operators];
}
