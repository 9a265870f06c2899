import {
  CALL_SUMMARY_COLUMNS,
  CALL_SUMMARY_GROUPS,
  type CallSummaryGroup,
  type CallSummaryRow,
} from '@casedesk/contract/reports/report';
import { useCallSummary } from '../api/get-report-summaries.ts';
import type { SummaryReportSpec } from './summary-report.tsx';
import { SummaryReport } from './summary-report.tsx';

/** Calls not answered and not missed: still going, or outbound ones nobody picked up. */
export function otherCalls(row: Pick<CallSummaryRow, 'total' | 'answered' | 'missed'>): number {
  return Math.max(0, row.total - row.answered - row.missed);
}

const CALL_SUMMARY: SummaryReportSpec<CallSummaryGroup, CallSummaryRow> = {
  report: 'callSummary',
  title: 'Call summary',
  testId: 'call-summary',
  groups: CALL_SUMMARY_GROUPS,
  defaultGroup: 'SOURCE',
  columns: CALL_SUMMARY_COLUMNS,
  numberWidth: 100,
  useSummary: useCallSummary,
  isEmpty: (totals) => !totals.total,
  bars: {
    title: 'Calls by outcome',
    segments: [
      { label: 'Answered', color: 'teal.6' },
      { label: 'Missed', color: 'red.6' },
      { label: 'Other', color: 'gray.5' },
    ],
    values: (r) => [r.answered, r.missed, otherCalls(r)],
  },
  emptyState: 'No calls in this range',
};

/** SPEC §7 callSummary: calls per tracking source, office or day, as a chart and a table. */
export function CallSummaryReport() {
  return <SummaryReport spec={CALL_SUMMARY} />;
}
