import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { GROUP_HEADERS, ReportFormat } from '@casedesk/contract/reports/report';
import { DataTable } from '@/components/data-table/data-table.tsx';
import type { ReportExport } from '../api/export-report.ts';
import { useExportReport } from '../api/export-report.ts';
import type { BarSegment } from './report-bars.tsx';
import { ReportBars } from './report-bars.tsx';
import { ReportCard } from './report-card.tsx';
import { columnsByGroup, groupOptions, useReportFilters } from './use-report-filters.ts';

type Group = keyof typeof GROUP_HEADERS;

/** What every summary answers: its grouping, a row per group and the totals row. */
interface Summary<G extends Group, Row> {
  groupBy: G;
  items: Row[];
  totals: Record<string, unknown>;
}

/** The request every summary is fetched with: the caller's range and zone, and the grouping. */
interface SummaryRequest<G extends Group> {
  dateFrom: string;
  dateTo: string;
  timeZone?: string;
  groupBy: G;
}

/** One summary report as the reporting page shows it; each report is one of these (SPEC §7 reports). */
export interface SummaryReportSpec<G extends Group, Row extends { key: string; label: string }> {
  report: ReportExport['report'];
  title: string;
  testId: string;
  groups: readonly G[];
  defaultGroup: G;
  /** [key, header] of each table column; the 'label' column is headed by the group. */
  columns: readonly (readonly [string, string])[];
  numberWidth: number;
  useSummary: (request: SummaryRequest<G>) => UseQueryResult<Summary<G, Row>>;
  /** The totals row says there is nothing to chart or export. */
  isEmpty: (totals: Summary<G, Row>['totals']) => boolean;
  bars: { title: string; segments: BarSegment[]; values: (row: Row) => number[] };
  emptyState: string;
}

const rowKey = (row: { key: string }) => row.key;

/** A summary's card: range and grouping, export, a stacked bar per group and the table with its totals. */
export function SummaryReport<G extends Group, Row extends { key: string; label: string }>({
  spec,
}: {
  spec: SummaryReportSpec<G, Row>;
}) {
  const { range, setRange, groupBy, setGroupBy, asked } = useReportFilters<G>(spec.defaultGroup);
  const summary = spec.useSummary({ ...asked, groupBy });
  const exporter = useExportReport();
  const groups = useMemo(() => groupOptions(spec.groups), [spec.groups]);
  const columns = useMemo(
    () => columnsByGroup<G, Row>(spec.groups, spec.columns, spec.numberWidth),
    [spec.groups, spec.columns, spec.numberWidth],
  );
  // A grouping just chosen shows its own rows, not the previous grouping's kept while it loads.
  const data = summary.data?.groupBy === groupBy ? summary.data : undefined;
  // The spec pairs its report with that report's grouping, which the union of export requests cannot see.
  const exportAs = (format: ReportFormat) =>
    exporter.mutate({ report: spec.report, request: { ...asked, groupBy, format } } as ReportExport);
  return (
    <ReportCard
      title={spec.title}
      testId={spec.testId}
      range={range}
      onRangeChange={setRange}
      groupBy={groupBy}
      groups={groups}
      onGroupByChange={setGroupBy}
      onExport={exportAs}
      exporting={exporter.isPending}
      error={summary.error}
      empty={!data || spec.isEmpty(data.totals)}
    >
      <ReportBars
        title={spec.bars.title}
        segments={spec.bars.segments}
        rows={(data?.items ?? []).map((r) => ({ key: r.key, label: r.label, values: spec.bars.values(r) }))}
      />
      <DataTable
        label={spec.title}
        columns={columns[groupBy]}
        rows={data?.items ?? []}
        getRowId={rowKey}
        loading={!data}
        withPagination={false}
        totals={data ? { label: 'Total', ...data.totals } : undefined}
        emptyState={spec.emptyState}
        maxHeight={420}
      />
    </ReportCard>
  );
}
