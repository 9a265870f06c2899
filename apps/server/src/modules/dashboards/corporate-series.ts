import type { Permission, Scope } from '@casedesk/contract/access/permissions';
import type { Drill, Series, SeriesKey } from '@casedesk/contract/dashboards/dashboard';
import { attributionReport } from '../marketing/attribution.service.ts';
import type { DashboardCall } from './dashboard.service.ts';
import type { CorporateFigure, MonthSpan } from './corporate-rows.repository.ts';
import { corporateRows } from './corporate-rows.repository.ts';
import { FIGURES } from './dashboard-labels.ts';
import { daysOf, twelveMonths } from './dashboard-zone.ts';
import { NO_ROWS, tallyBy, valueOf } from './row-set.repository.ts';
import type { RowContext } from './row-sql.repository.ts';

type Base = Pick<Drill, 'dashboard' | 'officeId'>;

/**
 * The attribution report reads the caller's TRACKING_LINE scope; here it must read the corporate dashboard's,
 * so it is asked as the caller holding TRACKING_LINE READ with exactly that scope's office conditions.
 */
function asCorporateScope(call: DashboardCall, context: RowContext): DashboardCall['actor'] {
  // One office asked for narrows the scope to it (it is inside the scope: checked before).
  const scope: Scope = context.officeId ? { kind: 'limited', only: [context.officeId], except: [] } : context.scope;
  const conditions =
    scope.kind === 'limited'
      ? [
          ...(scope.only
            ? [{ conditionType: 'OFFICE' as const, relationType: 'EQUALS' as const, values: scope.only }]
            : []),
          ...(scope.except.length
            ? [{ conditionType: 'OFFICE' as const, relationType: 'NOT_EQUALS' as const, values: scope.except }]
            : []),
        ]
      : [];
  const permissions: Permission[] =
    scope.kind === 'none'
      ? []
      : [{ permissionType: 'TRACKING_LINE', accessLevelDTO: [{ accessType: 'READ', conditionDTO: conditions }] }];
  return { ...call.actor, permissions };
}

/**
 * The corporate series: the funnel and cash by office this month, cost per signed case by marketing source
 * this month (the attribution report's, first touch), and twelve months of leads, appointments, signed cases
 * and cash. Each point is its figure narrowed by the point's drill (officeId, source, month).
 */
export async function corporateSeries(call: DashboardCall, context: RowContext, base: Base): Promise<Series[]> {
  const thisMonth = daysOf(call.now, context.zone).today.slice(0, 7);
  const months = twelveMonths(`${thisMonth}-01`);
  const byOffice = async (key: SeriesKey, figure: CorporateFigure): Promise<Series> => {
    const set = corporateRows(figure, context, { first: thisMonth, last: thisMonth });
    const counts = await tallyBy(call.database, set, 'officeId');
    return series(
      key,
      figure,
      context.offices.map((office) => ({
        label: office.name,
        value: valueOf(set.measure, counts.get(office.id) ?? NO_ROWS) ?? 0,
        drill: { ...base, figure, officeId: office.id },
      })),
    );
  };
  const byMonth = async (key: SeriesKey, figure: CorporateFigure): Promise<Series> => {
    const span: MonthSpan = { first: months[0]!, last: thisMonth };
    const set = corporateRows(figure, context, span);
    const counts = await tallyBy(call.database, set, 'month');
    return series(
      key,
      figure,
      months.map((month) => ({
        label: month,
        value: valueOf(set.measure, counts.get(month) ?? NO_ROWS) ?? 0,
        drill: { ...base, figure, month },
      })),
    );
  };
  const funnel = await Promise.all(
    (['leads', 'appointments', 'showed', 'signed'] as const).map((figure) => byOffice('funnelByOffice', figure)),
  );
  const [cash, leads, appointments, signed, cashTrend, cost] = await Promise.all([
    byOffice('cashByOffice', 'cashReceived'),
    byMonth('leadsByMonth', 'leads'),
    byMonth('appointmentsByMonth', 'appointments'),
    byMonth('signedByMonth', 'signed'),
    byMonth('cashByMonth', 'cashReceived'),
    costPerSigned(call, context, base, thisMonth),
  ]);
  return [...funnel, cash, cost, leads, appointments, signed, cashTrend];
}

/** A series of one figure; the funnel's four share the group funnelByOffice and are drawn on one chart. */
function series(key: SeriesKey, figure: CorporateFigure, points: Series['points']): Series {
  return { key, label: FIGURES[figure].label, unit: FIGURES[figure].unit, group: key, points };
}

/** Cost per signed case by source this month, from the attribution report; its drill opens those signed cases. */
async function costPerSigned(call: DashboardCall, context: RowContext, base: Base, month: string): Promise<Series> {
  const report = await attributionReport(call.database.db, asCorporateScope(call, context), {
    monthFrom: month,
    monthTo: month,
  });
  return {
    key: 'costPerSignedBySource',
    label: 'Cost per signed case by source',
    unit: 'cents',
    group: 'costPerSignedBySource',
    points: report.items
      .filter((item) => item.month === month && item.firstTouch.signedCases > 0)
      .map((item) => ({
        label: item.source,
        value: item.firstTouch.costPerSignedCaseCents,
        drill: { ...base, figure: 'signed' as const, source: item.source, month },
      })),
  };
}
