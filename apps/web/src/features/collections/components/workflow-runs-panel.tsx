import { Badge, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import {
  WORKFLOW_TRIGGER_LABELS,
  type WorkflowRunStatus,
  type WorkflowStepRunStatus,
} from '@casedesk/contract/collections/workflow';
import { LoadError } from '@/components/load-error.tsx';
import { useWorkflowRuns } from '../api/list-workflow-runs.ts';

const RUN_COLOURS: Record<WorkflowRunStatus, string> = {
  RUNNING: 'blue',
  PAUSED: 'yellow',
  STOPPED: 'gray',
  DONE: 'teal',
};
const STEP_COLOURS: Record<WorkflowStepRunStatus, string> = {
  PENDING: 'blue',
  DONE: 'teal',
  SKIPPED: 'gray',
  REFUSED: 'orange',
  FAILED: 'red',
};
const label = (status: string) => status.charAt(0) + status.slice(1).toLowerCase();

/** An instant in the office's time zone (the account's), as staff read it. */
function when(iso: string | null, timeZone: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

/**
 * An account's workflow runs, for the account page: each run's state and each step's, with when it is due or
 * ran (in the account's office zone) and what happened.
 */
export function WorkflowRunsPanel({ accountId, timeZone }: { accountId: string; timeZone: string }) {
  const runs = useWorkflowRuns(accountId);
  if (runs.isPending) return <Skeleton height={80} aria-label="Loading workflow runs" />;
  if (runs.isError) return <LoadError title="Workflow runs could not be loaded" onRetry={() => void runs.refetch()} />;
  if (runs.data.length === 0) return <Text size="sm">No workflow has run on this account.</Text>;
  return (
    <Stack gap="sm">
      {runs.data.map((run) => (
        <Card key={run.id} withBorder padding="sm" aria-label={`Run of ${run.workflowName}`}>
          <Group justify="space-between" mb="xs">
            <Text fw={600} size="sm">
              {run.workflowName}
              <Text span c="dimmed" size="xs">
                {` · version ${run.version} · ${WORKFLOW_TRIGGER_LABELS[run.trigger]} · started ${when(run.startedAt, timeZone)}`}
              </Text>
            </Text>
            <Badge color={RUN_COLOURS[run.status]} variant="light">
              {label(run.status)}
            </Badge>
          </Group>
          {run.statusReason && (
            <Text size="xs" c="dimmed" mb="xs">
              {run.statusReason}
            </Text>
          )}
          <Table.ScrollContainer minWidth={560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>step</Table.Th>
                  <Table.Th>status</Table.Th>
                  <Table.Th>due</Table.Th>
                  <Table.Th>result</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {run.steps.map((step) => (
                  <Table.Tr key={step.stepIndex}>
                    <Table.Td>{`${step.stepIndex + 1}. ${step.description}`}</Table.Td>
                    <Table.Td>
                      <Badge color={STEP_COLOURS[step.status]} variant="light" size="sm">
                        {label(step.status)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{when(step.executedAt ?? step.dueAt, timeZone)}</Table.Td>
                    <Table.Td>{step.result ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      ))}
    </Stack>
  );
}
