import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { REPORT_PERMISSIONS, type ReportName } from '@casedesk/contract/reports/report';
import { can, subjectOf } from '@/lib/access.ts';
import { useSession } from '@/lib/session-context.ts';
import { AppointmentSummaryReport } from '../components/appointment-summary-report.tsx';
import { CallSummaryReport } from '../components/call-summary-report.tsx';
import { ChatCountReport } from '../components/chat-count-report.tsx';
import { ReviewReport } from '../components/review-report.tsx';

const CARDS: { report: ReportName; Card: () => React.JSX.Element }[] = [
  { report: 'callSummary', Card: CallSummaryReport },
  { report: 'appointmentSummary', Card: AppointmentSummaryReport },
  { report: 'review', Card: ReviewReport },
  { report: 'chatCountSummary', Card: ChatCountReport },
];

/**
 * SPEC §2 /communication/reporting: the reports the user's reporting permissions open (REPORT_PERMISSIONS,
 * docs/reports.md), each a chart and a table, exportable.
 */
export function ReportingPage() {
  useDocumentTitle('Communication reporting · Casedesk');
  const subject = subjectOf(useSession());
  const shown = CARDS.filter(({ report }) => REPORT_PERMISSIONS[report].some((type) => can(subject, type)));
  return (
    <Stack gap="md" maw={1600} mx="auto">
      <div>
        <Title order={1}>Communication reporting</Title>
        <Text size="sm" c="dimmed">
          Days are counted in your time zone; only the offices you may report on are included.
        </Text>
      </div>
      {shown.map(({ report, Card }) => (
        <Card key={report} />
      ))}
    </Stack>
  );
}
