import { useState } from 'react';
import {
  CHAT_COUNT_COLUMNS,
  CHAT_COUNT_GROUPS,
  GROUP_HEADERS,
  type ChatCountGroup,
  type ChatCountRow,
} from '@casedesk/contract/reports/report';
import { DataTable } from '@/components/data-table/data-table.tsx';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';
import { useExportReport } from '../api/export-report.ts';
import { useChatCountSummary } from '../api/get-report-summaries.ts';
import { ReportBars } from './report-bars.tsx';
import { ReportCard } from './report-card.tsx';
import { isCompleteRange, lastDays, type ReportRange } from './report-range.ts';

const GROUPS = CHAT_COUNT_GROUPS.map((value) => ({ value, label: GROUP_HEADERS[value] }));
const SEGMENTS = [
  { label: 'Inbound', color: 'blue.6' },
  { label: 'Outbound', color: 'teal.6' },
];
const rowKey = (row: ChatCountRow) => row.key;

function columnsFor(groupBy: ChatCountGroup): DataTableColumn<ChatCountRow>[] {
  return CHAT_COUNT_COLUMNS.map(([id, header]) =>
    id === 'label' ? { id, header: GROUP_HEADERS[groupBy] } : { id, header, kind: 'number' as const, width: 110 },
  );
}
const COLUMNS = Object.fromEntries(CHAT_COUNT_GROUPS.map((g) => [g, columnsFor(g)])) as Record<
  ChatCountGroup,
  DataTableColumn<ChatCountRow>[]
>;

/** SPEC §7 chatCountSummary: texts in and out per office, operator or day, as a chart and a table. */
export function ChatCountReport() {
  const [range, setRange] = useState<ReportRange>(() => lastDays(30));
  const [groupBy, setGroupBy] = useState<ChatCountGroup>('OFFICE');
  const [asked, setAsked] = useState(range);
  // An incomplete range (a date being typed) keeps the last complete one.
  if (isCompleteRange(range) && (range.dateFrom !== asked.dateFrom || range.dateTo !== asked.dateTo)) setAsked(range);
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
        rows={(data?.rows ?? []).map((r) => ({ key: r.key, label: r.label, values: [r.inbound, r.outbound] }))}
      />
      <DataTable
        label="Chat count summary"
        columns={COLUMNS[groupBy]}
        rows={data?.rows ?? []}
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
