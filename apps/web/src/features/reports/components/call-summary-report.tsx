import { useState } from 'react';
import {
  CALL_SUMMARY_COLUMNS,
  CALL_SUMMARY_GROUPS,
  GROUP_HEADERS,
  type CallSummaryGroup,
  type CallSummaryRow,
} from '@casedesk/contract/reports/report';
import { DataTable } from '@/components/data-table/data-table.tsx';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';
import { useExportReport } from '../api/export-report.ts';
import { useCallSummary } from '../api/get-report-summaries.ts';
import { ReportBars } from './report-bars.tsx';
import { ReportCard } from './report-card.tsx';
import { isCompleteRange, lastDays, type ReportRange } from './report-range.ts';

const GROUPS = CALL_SUMMARY_GROUPS.map((value) => ({ value, label: GROUP_HEADERS[value] }));
const SEGMENTS = [
  { label: 'Answered', color: 'teal.6' },
  { label: 'Missed', color: 'red.6' },
  { label: 'Other', color: 'gray.5' },
];
const rowKey = (row: CallSummaryRow) => row.key;

function columnsFor(groupBy: CallSummaryGroup): DataTableColumn<CallSummaryRow>[] {
  return CALL_SUMMARY_COLUMNS.map(([id, header]) =>
    id === 'label' ? { id, header: GROUP_HEADERS[groupBy] } : { id, header, kind: 'number' as const, width: 100 },
  );
}
const COLUMNS = Object.fromEntries(CALL_SUMMARY_GROUPS.map((g) => [g, columnsFor(g)])) as Record<
  CallSummaryGroup,
  DataTableColumn<CallSummaryRow>[]
>;

/** Calls not answered and not missed: still going, or outbound ones nobody picked up. */
export function otherCalls(row: Pick<CallSummaryRow, 'total' | 'answered' | 'missed'>): number {
  return Math.max(0, row.total - row.answered - row.missed);
}

/** SPEC §7 callSummary: calls per tracking source, office or day, as a chart and a table. */
export function CallSummaryReport() {
  const [range, setRange] = useState<ReportRange>(() => lastDays(30));
  const [groupBy, setGroupBy] = useState<CallSummaryGroup>('SOURCE');
  const [asked, setAsked] = useState(range);
  if (isCompleteRange(range) && (range.dateFrom !== asked.dateFrom || range.dateTo !== asked.dateTo)) setAsked(range);
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
        rows={(data?.rows ?? []).map((r) => ({
          key: r.key,
          label: r.label,
          values: [r.answered, r.missed, otherCalls(r)],
        }))}
      />
      <DataTable
        label="Call summary"
        columns={COLUMNS[groupBy]}
        rows={data?.rows ?? []}
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
