import {
  REVIEW_COLUMNS,
  REVIEW_GROUPS,
  type ReviewGroup,
  type ReviewRow,
} from '@casedesk/contract/reports/review-report';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { useExportReport } from '../api/export-report.ts';
import { useReviewReport } from '../api/get-report-summaries.ts';
import { ReportBars } from './report-bars.tsx';
import { ReportCard } from './report-card.tsx';
import { columnsByGroup, groupOptions, useReportFilters } from './use-report-filters.ts';

const GROUPS = groupOptions(REVIEW_GROUPS);
const SEGMENTS = [
  { label: 'Replied', color: 'teal.6' },
  { label: 'No reply', color: 'gray.5' },
];
const rowKey = (row: ReviewRow) => row.key;

const COLUMNS = columnsByGroup<ReviewGroup, ReviewRow>(REVIEW_GROUPS, REVIEW_COLUMNS, 124);

/** SPEC §7 review: review requests (Send Review, Send Review via text) per operator, office or day, with replies. */
export function ReviewReport() {
  const { range, setRange, groupBy, setGroupBy, asked } = useReportFilters<ReviewGroup>('OPERATOR');
  const report = useReviewReport({ ...asked, groupBy });
  const exporter = useExportReport();
  const data = report.data?.groupBy === groupBy ? report.data : undefined;
  return (
    <ReportCard
      title="Review requests"
      testId="review-report"
      range={range}
      onRangeChange={setRange}
      groupBy={groupBy}
      groups={GROUPS}
      onGroupByChange={setGroupBy}
      onExport={(format) => exporter.mutate({ report: 'review', request: { ...asked, groupBy, format } })}
      exporting={exporter.isPending}
      error={report.error}
      empty={!data?.totals.sent}
    >
      <ReportBars
        title="Review requests by reply"
        segments={SEGMENTS}
        rows={(data?.items ?? []).map((r) => ({ key: r.key, label: r.label, values: [r.replied, r.sent - r.replied] }))}
      />
      <DataTable
        label="Review requests"
        columns={COLUMNS[groupBy]}
        rows={data?.items ?? []}
        getRowId={rowKey}
        loading={!data}
        withPagination={false}
        totals={data ? { label: 'Total', ...data.totals } : undefined}
        emptyState="No review requests in this range"
        maxHeight={420}
      />
    </ReportCard>
  );
}
