import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { CallSummaryReport } from '../components/call-summary-report.tsx';
import { ChatCountReport } from '../components/chat-count-report.tsx';

/** SPEC §2 /communication/reporting: the chat count and call summaries, each a chart and a table, exportable. */
export function ReportingPage() {
  useDocumentTitle('Communication reporting · Casedesk');
  return (
    <Stack gap="md" maw={1600} mx="auto">
      <div>
        <Title order={1}>Communication reporting</Title>
        <Text size="sm" c="dimmed">
          Days are counted in your time zone; only the offices you may report on are included.
        </Text>
      </div>
      <CallSummaryReport />
      <ChatCountReport />
    </Stack>
  );
}
