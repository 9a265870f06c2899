import {
  CHAT_COUNT_COLUMNS,
  CHAT_COUNT_GROUPS,
  type ChatCountGroup,
  type ChatCountRow,
} from '@casedesk/contract/reports/report';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { useExportReport } from '../api/export-report.ts';
import { useChatCountSummary } from '../api/get-report-summaries.ts';
import { ReportBars } from './report-bars.tsx';
import { ReportCard } from './report-card.tsx';
import { columnsByGroup, groupOptions, useReportFilters } from './use-report-filters.ts';

const GROUPS = groupOptions(CHAT_COUNT_GROUPS);
const SEGMENTS = [
  { label: 'Inbound', color: 'blue.6' },
  { label: 'Outbound', color: 'teal.6' },
];
const rowKey = (row: ChatCountRow) => row.key;

const COLUMNS = columnsByGroup<ChatCountGroup, ChatCountRow>(CHAT_COUNT_GROUPS, CHAT_COUNT_COLUMNS, 110);

/** SPEC §7 chatCountSummary: texts in and out per office, operator or day, as a chart and a table. */
export function ChatCountReport() {
  const { range, setRange, groupBy, setGroupBy, asked } = useReportFilters<ChatCountGroup>('OFFICE');
  const summary = useChatCountSummary({ ...asked, groupBy });
  const exporter = useExportReport();
  const data = summary.data?.groupBy === groupBy ? summary.data : undefined;
  return (
    <ReportCard
      title="Chat count summary"
      testId="chat-count-summary"
      range={range}
      onRangeChange={setRange}
      groupBy={groupBy}
      groups={GROUPS}
      onGroupByChange={setGroupBy}
      onExport={(format) => exporter.mutate({ report: 'chatCountSummary', request: { ...asked, groupBy, format } })}
      exporting={exporter.isPending}
      error={summary.error}
      empty={!data?.totals.total}
    >
      <ReportBars
        title="Texts in and out"
        segments={SEGMENTS}
        rows={(data?.items ?? []).map((r) => ({ key: r.key, label: r.label, values: [r.inbound, r.outbound] }))}
      />
      <DataTable
        label="Chat count summary"
        columns={COLUMNS[groupBy]}
        rows={data?.items ?? []}
        getRowId={rowKey}
        loading={!data}
        withPagination={false}
        totals={data ? { label: 'Total', ...data.totals } : undefined}
        emptyState="No text messages in this range"
        maxHeight={420}
      />
    </ReportCard>
  );
}
