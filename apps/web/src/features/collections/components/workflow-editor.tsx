import { Badge, Button, Checkbox, Group, Modal, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { COLLECTION_STATUS_LABELS } from '@casedesk/contract/collections/account';
import { WORKFLOW_TRIGGER_LABELS, type WorkflowSummary } from '@casedesk/contract/collections/workflow';
import { LoadError } from '@/components/load-error.tsx';
import { can, subjectOf } from '@/lib/access.ts';
import { useSession } from '@/lib/session-context.ts';
import { useDeactivateWorkflow } from '../api/deactivate-workflow.ts';
import { useWorkflows } from '../api/list-workflows.ts';
import { WorkflowForm } from './workflow-form.tsx';

function startsOn(workflow: WorkflowSummary): string {
  const trigger = WORKFLOW_TRIGGER_LABELS[workflow.trigger];
  return workflow.toStatus ? `${trigger} to ${COLLECTION_STATUS_LABELS[workflow.toStatus]}` : trigger;
}

/**
 * Collection management's Workflows tab: the firm's workflows, a new one, changing one (its steps become a new
 * version once runs have started) and deactivating one, with or without stopping its runs. Reading needs
 * Collection Management READ; the buttons show with CREATE and UPDATE (SPEC §6, the ADMIN role condition).
 */
export function WorkflowEditor() {
  const subject = subjectOf(useSession());
  const canCreate = can(subject, 'COLLECTION_MANAGEMENT', 'CREATE');
  const canUpdate = can(subject, 'COLLECTION_MANAGEMENT', 'UPDATE');
  const workflows = useWorkflows();
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const [deactivating, setDeactivating] = useState<WorkflowSummary | null>(null);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3}>Workflows</Title>
        {canCreate && <Button onClick={() => setEditing({ id: null })}>New workflow</Button>}
      </Group>
      <Text size="sm" c="dimmed">
        A workflow runs its steps on an account from the event that starts it, in the account’s office time. It stops
        when the account is paid or closed and waits while its payment plan is paused.
      </Text>
      {workflows.isPending && (
        <Stack gap={6} aria-label="Loading workflows">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={28} />
          ))}
        </Stack>
      )}
      {workflows.isError && (
        <LoadError title="Workflows could not be loaded" onRetry={() => void workflows.refetch()} />
      )}
      {workflows.data?.length === 0 && (
        <Text size="sm">No workflows yet.{canCreate ? ' Create one with New workflow.' : ''}</Text>
      )}
      {workflows.data && workflows.data.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover aria-label="Workflows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>name</Table.Th>
                <Table.Th>starts when</Table.Th>
                <Table.Th>steps</Table.Th>
                <Table.Th>version</Table.Th>
                <Table.Th>live runs</Table.Th>
                <Table.Th>status</Table.Th>
                {canUpdate && <Table.Th aria-label="actions" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {workflows.data.map((workflow) => (
                <Table.Tr key={workflow.id}>
                  <Table.Td>{workflow.name}</Table.Td>
                  <Table.Td>{startsOn(workflow)}</Table.Td>
                  <Table.Td>{workflow.stepCount}</Table.Td>
                  <Table.Td>{workflow.version}</Table.Td>
                  <Table.Td>{workflow.liveRuns}</Table.Td>
                  <Table.Td>
                    <Badge color={workflow.active ? 'teal.9' : 'gray.7'} variant="filled">
                      {workflow.active ? 'Active' : 'Inactive'}
                    </Badge>
                  </Table.Td>
                  {canUpdate && (
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          onClick={() => setEditing({ id: workflow.id })}
                          aria-label={`Edit ${workflow.name}`}
                        >
                          Edit
                        </Button>
                        {workflow.active && (
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            onClick={() => setDeactivating(workflow)}
                            aria-label={`Deactivate ${workflow.name}`}
                          >
                            Deactivate
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.id ? 'Edit workflow' : 'New workflow'}
        size="xl"
      >
        {editing && <WorkflowForm workflowId={editing.id} onDone={() => setEditing(null)} />}
      </Modal>
      <DeactivateModal workflow={deactivating} onClose={() => setDeactivating(null)} />
    </Stack>
  );
}

function DeactivateModal({ workflow, onClose }: { workflow: WorkflowSummary | null; onClose: () => void }) {
  const [stopRuns, setStopRuns] = useState(false);
  const deactivate = useDeactivateWorkflow();
  const close = () => {
    setStopRuns(false);
    onClose();
  };
  const confirm = async () => {
    if (!workflow) return;
    await deactivate.mutateAsync({ id: workflow.id, stopRuns });
    notifications.show({ color: 'teal', message: `${workflow.name} deactivated.` });
    close();
  };
  return (
    <Modal opened={workflow !== null} onClose={close} title="Deactivate workflow">
      {workflow && (
        <Stack gap="sm">
          <Text size="sm">{workflow.name} will start no new runs.</Text>
          {workflow.liveRuns > 0 && (
            <Checkbox
              label={`Also stop its ${workflow.liveRuns === 1 ? 'live run' : `${workflow.liveRuns} live runs`} (their steps left are skipped)`}
              checked={stopRuns}
              onChange={(event) => setStopRuns(event.currentTarget.checked)}
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red" loading={deactivate.isPending} onClick={() => void confirm().catch(() => undefined)}>
              Deactivate
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
