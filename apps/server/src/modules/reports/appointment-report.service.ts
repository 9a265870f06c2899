import type {
  AppointmentSummary,
  AppointmentSummaryRequest,
  AppointmentSummaryRow,
} from '@casedesk/contract/reports/appointment-summary';
import { appointmentRates } from '@casedesk/contract/reports/appointment-summary';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import type { AppointmentRecord } from './appointment-report.repository.ts';
import { summarizeAppointments } from './appointment-report.repository.ts';
import { reportScopes } from './report-scope.ts';
import { reportWindow } from './report-window.ts';
import { labelled, onePage } from './reports.service.ts';

const COUNTS = ['set', 'showed', 'noShow', 'cancelled', 'rescheduled', 'signed'] as const;

/**
 * POST /reports/appointmentSummary: the appointments whose date-time falls in the period, in the caller's
 * offices, per office, attorney, law type, marketing source or day; the definitions are in docs/reports.md.
 */
export async function appointmentSummary(
  db: Db,
  actor: Actor,
  request: AppointmentSummaryRequest,
  offsetHours: number,
): Promise<AppointmentSummary> {
  const scopes = reportScopes(actor, 'appointmentSummary');
  const records = await summarizeAppointments(db, request.groupBy, reportWindow(request, offsetHours), scopes);
  const empty = (key: string): AppointmentRecord => ({
    key,
    label: null,
    ...(Object.fromEntries(COUNTS.map((c) => [c, 0])) as Record<(typeof COUNTS)[number], number>),
  });
  const rows: AppointmentSummaryRow[] = labelled(records, request.groupBy, request, empty, (r) => r.set).map(
    (r) => ({ ...r, ...appointmentRates(r) }),
  );
  const totals = Object.fromEntries(COUNTS.map((c) => [c, rows.reduce((sum, r) => sum + r[c], 0)])) as Record<
    (typeof COUNTS)[number],
    number
  >;
  return { groupBy: request.groupBy, ...onePage(rows), totals: { ...totals, ...appointmentRates(totals) } };
}
