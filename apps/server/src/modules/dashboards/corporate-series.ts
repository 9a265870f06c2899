import type { Scope } from '@casedesk/contract/access/permissions';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import type { Drill, Series, SeriesKey } from '@casedesk/contract/dashboards/dashboard';
import { attributionReport } from '../marketing/attribution.service.ts';
import type { DashboardCall } from './dashboard.service.ts';
import type { CorporateFigure, MonthSpan } from './corporate-rows.repository.ts';
import { corporateRows } from './corporate-rows.repository.ts';
import { FIGURES } from './dashboard-labels.ts';
import { daysOf, twelveMonths } from './dashboard-zone.ts';
import { NO_ROWS, tallyAllBy, valueOf } from './row-set.repository.ts';
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
  // Each chart's figures in one grouped read per table they count from (tallyAllBy).
  const byOffice = async (figures: { key: SeriesKey; figure: CorporateFigure }[]): Promise<Series[]> => {
    const sets = figures.map(({ figure }) => corporateRows(figure, context, { first: thisMonth, last: thisMonth }));
    const counts = await tallyAllBy(call.database, sets, 'officeId');
    return figures.map(({ key, figure }, i) =>
      series(
        key,
        figure,
        context.offices.map((office) => ({
          label: office.name,
          value: valueOf(sets[i]!.measure, counts[i]!.get(office.id) ?? NO_ROWS) ?? 0,
          drill: { ...base, figure, officeId: office.id },
        })),
      ),
    );
  };
  const byMonth = async (figures: { key: SeriesKey; figure: CorporateFigure }[]): Promise<Series[]> => {
    const span: MonthSpan = { first: months[0]!, last: thisMonth };
    const sets = figures.map(({ figure }) => corporateRows(figure, context, span));
    const counts = await tallyAllBy(call.database, sets, 'month');
    return figures.map(({ key, figure }, i) =>
      series(
        key,
        figure,
        months.map((month) => ({
          label: month,
          value: valueOf(sets[i]!.measure, counts[i]!.get(month) ?? NO_ROWS) ?? 0,
          drill: { ...base, figure, month },
        })),
      ),
    );
  };
  const [byOffices, trends, cost] = await Promise.all([
    byOffice([
      ...(['leads', 'appointments', 'showed', 'signed'] as const).map((figure) => ({
        key: 'funnelByOffice' as const,
        figure,
      })),
      { key: 'cashByOffice', figure: 'cashReceived' },
    ]),
    byMonth([
      { key: 'leadsByMonth', figure: 'leads' },
      { key: 'appointmentsByMonth', figure: 'appointments' },
      { key: 'signedByMonth', figure: 'signed' },
      { key: 'cashByMonth', figure: 'cashReceived' },
    ]),
    costPerSigned(call, context, base, thisMonth),
  ]);
  return [...byOffices, cost, ...trends];
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
