import {
  REVIEW_COLUMNS,
  REVIEW_GROUPS,
  type ReviewGroup,
  type ReviewRow,
} from '@casedesk/contract/reports/review-report';
import { useReviewReport } from '../api/get-report-summaries.ts';
import type { SummaryReportSpec } from './summary-report.tsx';
import { SummaryReport } from './summary-report.tsx';

const REVIEW: SummaryReportSpec<ReviewGroup, ReviewRow> = {
  report: 'review',
  title: 'Review requests',
  testId: 'review-report',
  groups: REVIEW_GROUPS,
  defaultGroup: 'OPERATOR',
  columns: REVIEW_COLUMNS,
  numberWidth: 124,
  useSummary: useReviewReport,
  isEmpty: (totals) => !totals.sent,
  bars: {
    title: 'Review requests by reply',
    segments: [
      { label: 'Replied', color: 'teal.6' },
      { label: 'No reply', color: 'gray.5' },
    ],
    values: (r) => [r.replied, r.sent - r.replied],
  },
  emptyState: 'No review requests in this range',
};

/** SPEC §7 review: review requests (Send Review, Send Review via text) per operator, office or day, with replies. */
export function ReviewReport() {
  return <SummaryReport spec={REVIEW} />;
}
