import {
  APPOINTMENT_SUMMARY_COLUMNS,
  APPOINTMENT_SUMMARY_GROUPS,
  type AppointmentSummaryGroup,
  type AppointmentSummaryRow,
} from '@casedesk/contract/reports/appointment-summary';
import { useAppointmentSummary } from '../api/get-report-summaries.ts';
import type { SummaryReportSpec } from './summary-report.tsx';
import { SummaryReport } from './summary-report.tsx';

/** The bar of a group: what became of its appointments (signed ones showed too, so they are split off). */
export function appointmentOutcomes(row: AppointmentSummaryRow): number[] {
  const showedOnly = row.showed - row.signed;
  const other = Math.max(0, row.set - row.showed - row.noShow - row.cancelled);
  return [row.signed, showedOnly, row.noShow, row.cancelled, other];
}

const APPOINTMENT_SUMMARY: SummaryReportSpec<AppointmentSummaryGroup, AppointmentSummaryRow> = {
  report: 'appointmentSummary',
  title: 'Appointment summary',
  testId: 'appointment-summary',
  groups: APPOINTMENT_SUMMARY_GROUPS,
  defaultGroup: 'OFFICE',
  columns: APPOINTMENT_SUMMARY_COLUMNS,
  numberWidth: 124,
  useSummary: useAppointmentSummary,
  isEmpty: (totals) => !totals.set,
  bars: {
    title: 'Appointments by outcome',
    segments: [
      { label: 'Signed', color: 'teal.7' },
      { label: 'Showed, not signed', color: 'blue.5' },
      { label: 'No show', color: 'red.6' },
      { label: 'Cancelled', color: 'orange.5' },
      { label: 'Other', color: 'gray.4' },
    ],
    values: appointmentOutcomes,
  },
  emptyState: 'No appointments in this range',
};

/** SPEC §7 appointmentSummary: appointments per office, attorney, law type, source or day, as a chart and a table. */
export function AppointmentSummaryReport() {
  return <SummaryReport spec={APPOINTMENT_SUMMARY} />;
}
