import type { Drill, FigureKey } from '@casedesk/contract/dashboards/dashboard';
import type { DashboardKind } from '@casedesk/contract/dashboards/dashboard-kinds';
import { CALL_CENTER_FIGURES, CORPORATE_FIGURES, OFFICE_FIGURES } from '@casedesk/contract/dashboards/dashboard';
import { AppError } from '../../platform/errors/app-error.ts';
import type { CallCenterFigure } from './call-center-rows.repository.ts';
import { callCenterRows } from './call-center-rows.repository.ts';
import type { CorporateFigure } from './corporate-rows.repository.ts';
import { corporateRows, signedBySourceRows } from './corporate-rows.repository.ts';
import { daysOf } from './dashboard-zone.ts';
import type { OfficeFigure } from './office-rows.repository.ts';
import { officeRows } from './office-rows.repository.ts';
import type { RowSet } from './row-set.repository.ts';
import type { RowContext } from './row-sql.repository.ts';

const isCallCenterFigure = (figure: FigureKey): figure is CallCenterFigure =>
  (CALL_CENTER_FIGURES as readonly FigureKey[]).includes(figure);

const isOfficeFigure = (figure: FigureKey): figure is OfficeFigure =>
  (OFFICE_FIGURES as readonly FigureKey[]).includes(figure);

const isCorporateFigure = (figure: FigureKey): figure is CorporateFigure =>
  (CORPORATE_FIGURES as readonly FigureKey[]).includes(figure);

/**
 * A corporate figure covers this month, or the month its drill names (a trend's point). Signed cases of a
 * marketing source are the attribution report's (the cost-per-signed points' denominator).
 */
function corporateRowsOf(figure: CorporateFigure, context: RowContext, drill: Partial<Drill>): RowSet {
  const month = drill.month ?? daysOf(context.now, context.zone).today.slice(0, 7);
  if (figure === 'signed' && drill.source !== undefined) return signedBySourceRows(drill.source, month, context);
  return corporateRows(figure, context, { first: month, last: month });
}

/** The one definition of a figure's rows, by dashboard (docs/dashboards.md). */
export function rowSetOf(
  kind: DashboardKind,
  figure: FigureKey,
  context: RowContext,
  drill: Partial<Drill> = {},
): RowSet {
  if (kind === 'CALL_CENTER' && isCallCenterFigure(figure)) return callCenterRows(figure, context);
  if (kind === 'OFFICE' && isOfficeFigure(figure)) return officeRows(figure, context);
  if (kind === 'CORPORATE' && isCorporateFigure(figure)) return corporateRowsOf(figure, context, drill);
  throw AppError.validation('Figure must be a figure of the dashboard.');
}
