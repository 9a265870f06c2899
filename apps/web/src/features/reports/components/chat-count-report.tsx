import {
  CHAT_COUNT_COLUMNS,
  CHAT_COUNT_GROUPS,
  type ChatCountGroup,
  type ChatCountRow,
} from '@casedesk/contract/reports/report';
import { useChatCountSummary } from '../api/get-report-summaries.ts';
import type { SummaryReportSpec } from './summary-report.tsx';
import { SummaryReport } from './summary-report.tsx';

const CHAT_COUNT: SummaryReportSpec<ChatCountGroup, ChatCountRow> = {
  report: 'chatCountSummary',
  title: 'Chat count summary',
  testId: 'chat-count-summary',
  groups: CHAT_COUNT_GROUPS,
  defaultGroup: 'OFFICE',
  columns: CHAT_COUNT_COLUMNS,
  numberWidth: 110,
  useSummary: useChatCountSummary,
  isEmpty: (totals) => !totals.total,
  bars: {
    title: 'Texts in and out',
    segments: [
      { label: 'Inbound', color: 'blue.6' },
      { label: 'Outbound', color: 'teal.6' },
    ],
    values: (r) => [r.inbound, r.outbound],
  },
  emptyState: 'No text messages in this range',
};

/** SPEC §7 chatCountSummary: texts in and out per office, operator or day, as a chart and a table. */
export function ChatCountReport() {
  return <SummaryReport spec={CHAT_COUNT} />;
}
