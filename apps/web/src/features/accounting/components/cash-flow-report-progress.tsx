import { Alert, Button, CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useCashFlowReport } from '../api/get-cash-flow-report.ts';
import { useDownloadCashFlowReport } from '../api/download-cash-flow-report.ts';

const count = (n: number) => n.toLocaleString('en-US');

interface CashFlowReportProgressProps {
  reportId: string;
  onClose: () => void;
}

/**
 * A PDF report too large to answer at once (more than 5,000 rows) is built in the background: its progress,
 * asked for every second and a half, then the PDF is downloaded once when it is done, or the reason it failed.
 */
export function CashFlowReportProgress({ reportId, onClose }: CashFlowReportProgressProps) {
  const report = useCashFlowReport(reportId);
  const download = useDownloadCashFlowReport();
  const downloaded = useRef<string | null>(null);
  const state = report.data?.state;
  const { mutate: startDownload } = download;

  useEffect(() => {
    if (state !== 'DONE' || downloaded.current === reportId) return;
    downloaded.current = reportId;
    startDownload(reportId);
  }, [state, reportId, startDownload]);

  const status = report.data;
  const done = status?.rowsDone ?? 0;
  const total = status?.rowsTotal ?? 0;
  return (
    <Paper withBorder p="sm" data-testid="cash-flow-report-progress" aria-label="PDF report">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={500}>
            {state === 'DONE' ? 'The PDF report is ready' : 'Building the PDF report'}
          </Text>
          <CloseButton aria-label="Close the report panel" size="sm" onClick={onClose} />
        </Group>
        {state === 'FAILED' ? (
          <Alert color="red" title="The report could not be built">
            {status?.error ?? 'Please try again.'}
          </Alert>
        ) : report.isError ? (
          <Alert color="red" title="The report’s progress could not be loaded" />
        ) : (
          <>
            <Progress value={total > 0 ? (done / total) * 100 : 0} animated={state !== 'DONE'} aria-label="Rows done" />
            <Group justify="space-between">
              <Text size="sm" c="dimmed" data-testid="cash-flow-report-rows">
                {count(done)} of {count(total)} rows
              </Text>
              {state === 'DONE' && (
                <Button
                  size="xs"
                  variant="default"
                  loading={download.isPending}
                  onClick={() => startDownload(reportId)}
                >
                  Download again
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
