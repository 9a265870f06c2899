import type { DashboardKind, FigureKey } from '@casedesk/contract/dashboards/dashboard';
import { CALL_CENTER_FIGURES, OFFICE_FIGURES } from '@casedesk/contract/dashboards/dashboard';
import { AppError } from '../../platform/errors/app-error.ts';
import type { CallCenterFigure } from './call-center-rows.repository.ts';
import { callCenterRows } from './call-center-rows.repository.ts';
import type { OfficeFigure } from './office-rows.repository.ts';
import { officeRows } from './office-rows.repository.ts';
import type { RowSet } from './row-set.repository.ts';
import type { RowContext } from './row-sql.repository.ts';

const isCallCenterFigure = (figure: FigureKey): figure is CallCenterFigure =>
  (CALL_CENTER_FIGURES as readonly FigureKey[]).includes(figure);

const isOfficeFigure = (figure: FigureKey): figure is OfficeFigure =>
  (OFFICE_FIGURES as readonly FigureKey[]).includes(figure);

/** The one definition of a figure's rows, by dashboard (docs/dashboards.md). */
export function rowSetOf(kind: DashboardKind, figure: FigureKey, context: RowContext): RowSet {
  if (kind === 'CALL_CENTER' && isCallCenterFigure(figure)) return callCenterRows(figure, context);
  if (kind === 'OFFICE' && isOfficeFigure(figure)) return officeRows(figure, context);
  throw AppError.validation('Figure must be a figure of the dashboard.');
}
