import type { Drill, Series } from '@casedesk/contract/dashboards/dashboard';
import type { DashboardCall } from './dashboard.service.ts';
import { userNames } from './dashboard.repository.ts';
import { callCenterRows } from './call-center-rows.repository.ts';
import { NO_ROWS, tallyAllBy, tallyBy, valueOf } from './row-set.repository.ts';
import type { RowContext } from './row-sql.repository.ts';

type Base = Pick<Drill, 'dashboard' | 'officeId'>;

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * The call centre's series: calls in and out per hour of today (two series of one group), and appointments set
 * today by operator, most first. Each point is its figure narrowed by the point's drill (hour, userId).
 */
export async function callCenterSeries(call: DashboardCall, context: RowContext, base: Base): Promise<Series[]> {
  const hourly = [
    { figure: 'inboundCalls', label: 'Inbound calls' },
    { figure: 'outboundCalls', label: 'Outbound calls' },
  ] as const;
  const hourSets = hourly.map(({ figure }) => callCenterRows(figure, context));
  const set = callCenterRows('appointmentsSet', context);
  // Both hourly series are of today's calls: one grouped read.
  const [byHour, byOperator] = await Promise.all([
    tallyAllBy(call.database, hourSets, 'hour'),
    tallyBy(call.database, set, 'userId'),
  ]);
  const [inbound, outbound] = hourly.map(({ figure, label }, i): Series => ({
    key: 'callsByHour',
    label,
    unit: 'count',
    group: 'callsByHour',
    points: HOURS.map((hour) => ({
      label: String(hour).padStart(2, '0'),
      value: valueOf(hourSets[i]!.measure, byHour[i]!.get(String(hour)) ?? NO_ROWS),
      drill: { ...base, figure, hour },
    })),
  })) as [Series, Series];
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
