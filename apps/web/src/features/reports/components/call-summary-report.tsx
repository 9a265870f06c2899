import {
  CALL_SUMMARY_COLUMNS,
  CALL_SUMMARY_GROUPS,
  type CallSummaryGroup,
  type CallSummaryRow,
} from '@casedesk/contract/reports/report';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { useExportReport } from '../api/export-report.ts';
import { useCallSummary } from '../api/get-report-summaries.ts';
import { ReportBars } from './report-bars.tsx';
import { ReportCard } from './report-card.tsx';
import { columnsByGroup, groupOptions, useReportFilters } from './use-report-filters.ts';

const GROUPS = groupOptions(CALL_SUMMARY_GROUPS);
const SEGMENTS = [
  { label: 'Answered', color: 'teal.6' },
  { label: 'Missed', color: 'red.6' },
  { label: 'Other', color: 'gray.5' },
];
const rowKey = (row: CallSummaryRow) => row.key;

const COLUMNS = columnsByGroup<CallSummaryGroup, CallSummaryRow>(CALL_SUMMARY_GROUPS, CALL_SUMMARY_COLUMNS, 100);

/** Calls not answered and not missed: still going, or outbound ones nobody picked up. */
export function otherCalls(row: Pick<CallSummaryRow, 'total' | 'answered' | 'missed'>): number {
  return Math.max(0, row.total - row.answered - row.missed);
}

/** SPEC §7 callSummary: calls per tracking source, office or day, as a chart and a table. */
export function CallSummaryReport() {
  const { range, setRange, groupBy, setGroupBy, asked } = useReportFilters<CallSummaryGroup>('SOURCE');
  const summary = useCallSummary({ ...asked, groupBy });
  const exporter = useExportReport();
  const data = summary.data?.groupBy === groupBy ? summary.data : undefined;
  return (
    <ReportCard
      title="Call summary"
      testId="call-summary"
      range={range}
      onRangeChange={setRange}
      groupBy={groupBy}
      groups={GROUPS}
      onGroupByChange={setGroupBy}
      onExport={(format) => exporter.mutate({ report: 'callSummary', request: { ...asked, groupBy, format } })}
      exporting={exporter.isPending}
      error={summary.error}
      empty={!data?.totals.total}
    >
      <ReportBars
        title="Calls by outcome"
        segments={SEGMENTS}
        rows={(data?.items ?? []).map((r) => ({
          key: r.key,
          label: r.label,
          values: [r.answered, r.missed, otherCalls(r)],
        }))}
      />
      <DataTable
        label="Call summary"
        columns={COLUMNS[groupBy]}
        rows={data?.items ?? []}
        getRowId={rowKey}
        loading={!data}
        withPagination={false}
        totals={data ? { label: 'Total', ...data.totals } : undefined}
        emptyState="No calls in this range"
        maxHeight={420}
      />
    </ReportCard>
  );
}
