import {
  APPOINTMENT_SUMMARY_COLUMNS,
  APPOINTMENT_SUMMARY_GROUPS,
  type AppointmentSummaryGroup,
  type AppointmentSummaryRow,
} from '@casedesk/contract/reports/appointment-summary';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { useExportReport } from '../api/export-report.ts';
import { useAppointmentSummary } from '../api/get-report-summaries.ts';
import { ReportBars } from './report-bars.tsx';
import { ReportCard } from './report-card.tsx';
import { columnsByGroup, groupOptions, useReportFilters } from './use-report-filters.ts';

const GROUPS = groupOptions(APPOINTMENT_SUMMARY_GROUPS);
const SEGMENTS = [
  { label: 'Signed', color: 'teal.7' },
  { label: 'Showed, not signed', color: 'blue.5' },
  { label: 'No show', color: 'red.6' },
  { label: 'Cancelled', color: 'orange.5' },
  { label: 'Other', color: 'gray.4' },
];
const rowKey = (row: AppointmentSummaryRow) => row.key;

const COLUMNS = columnsByGroup<AppointmentSummaryGroup, AppointmentSummaryRow>(
  APPOINTMENT_SUMMARY_GROUPS,
  APPOINTMENT_SUMMARY_COLUMNS,
  124,
);

/** The bar of a group: what became of its appointments (signed ones showed too, so they are split off). */
export function appointmentOutcomes(row: AppointmentSummaryRow): number[] {
  const showedOnly = row.showed - row.signed;
  const other = Math.max(0, row.set - row.showed - row.noShow - row.cancelled);
  return [row.signed, showedOnly, row.noShow, row.cancelled, other];
}

/** SPEC §7 appointmentSummary: appointments per office, attorney, law type, source or day, as a chart and a table. */
export function AppointmentSummaryReport() {
  const { range, setRange, groupBy, setGroupBy, asked } = useReportFilters<AppointmentSummaryGroup>('OFFICE');
  const summary = useAppointmentSummary({ ...asked, groupBy });
  const exporter = useExportReport();
  const data = summary.data?.groupBy === groupBy ? summary.data : undefined;
  return (
    <ReportCard
      title="Appointment summary"
      testId="appointment-summary"
      range={range}
      onRangeChange={setRange}
      groupBy={groupBy}
      groups={GROUPS}
      onGroupByChange={setGroupBy}
      onExport={(format) => exporter.mutate({ report: 'appointmentSummary', request: { ...asked, groupBy, format } })}
      exporting={exporter.isPending}
      error={summary.error}
      empty={!data?.totals.set}
    >
      <ReportBars
        title="Appointments by outcome"
        segments={SEGMENTS}
        rows={(data?.items ?? []).map((r) => ({ key: r.key, label: r.label, values: appointmentOutcomes(r) }))}
      />
      <DataTable
        label="Appointment summary"
        columns={COLUMNS[groupBy]}
        rows={data?.items ?? []}
        getRowId={rowKey}
        loading={!data}
        withPagination={false}
        totals={data ? { label: 'Total', ...data.totals } : undefined}
        emptyState="No appointments in this range"
        maxHeight={420}
      />
    </ReportCard>
  );
}
