import { Badge, Button, Group, Modal, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { AssignmentRule } from '@casedesk/contract/collections/assignment-rules';
import { LoadError } from '@/components/load-error.tsx';
import { useAssignmentRules } from '../../api/list-assignment-rules.ts';
import { AssignmentRuleForm } from './assignment-rule-form.tsx';

function Rotation({ rule }: { rule: AssignmentRule }) {
  if (rule.collectors.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No rule: new accounts stay unassigned
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="wrap">
      {rule.collectors.map((c, i) => (
        <Badge
          key={c.id}
          variant={c.id === rule.nextCollectorId ? 'filled' : 'light'}
          color="blue"
          tt="none"
          radius="sm"
          title={c.id === rule.nextCollectorId ? 'Gets the next account' : undefined}
        >
          {i + 1}. {c.displayName}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * Assignment rules (docs/collections.md "Assignment rules"): per office, the collectors a newly opened account
 * without a collector goes to, in turn. The offices are those the caller's collection management reaches.
 */
export function AssignmentRulesTab({ canEdit }: { canEdit: boolean }) {
  const rules = useAssignmentRules();
  const [editing, setEditing] = useState<AssignmentRule | null>(null);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="assignment-rules-title">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="assignment-rules-title">
            Assignment rules
          </Title>
          <Text size="sm" c="dimmed">
            An account opened without a collector goes to the next collector of its office’s rotation, in turn (the
            highlighted one is next). A collector who can no longer work the office is skipped.
          </Text>
        </Stack>
        {rules.isError ? (
          <LoadError title="The assignment rules could not be loaded" onRetry={() => void rules.refetch()} />
        ) : !rules.data ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading assignment rules">
            <Skeleton height={32} />
            <Skeleton height={32} />
          </Stack>
        ) : rules.data.rules.length === 0 ? (
          <Text size="sm">No offices to manage.</Text>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table aria-label="Assignment rules" verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={160}>Office</Table.Th>
                  <Table.Th>Rotation</Table.Th>
                  <Table.Th w={190}>Changed</Table.Th>
                  {canEdit && <Table.Th w={70} aria-label="Actions" />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rules.data.rules.map((rule) => (
                  <Table.Tr key={rule.officeId}>
                    <Table.Td>{rule.officeName}</Table.Td>
                    <Table.Td>
                      <Rotation rule={rule} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs" c="dimmed">
                        {rule.updatedAt
                          ? `${dayjs(rule.updatedAt).format('MMM D, YYYY')} by ${rule.updatedByName ?? '—'}`
                          : '—'}
                      </Text>
                    </Table.Td>
                    {canEdit && (
                      <Table.Td ta="right">
                        <Button
                          size="compact-xs"
                          variant="light"
                          aria-label={`Edit the rotation of ${rule.officeName}`}
                          onClick={() => setEditing(rule)}
                        >
                          Edit
                        </Button>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `Rotation of ${editing.officeName}` : ''}
        size="lg"
      >
        {editing && <AssignmentRuleForm rule={editing} onDone={() => setEditing(null)} />}
      </Modal>
    </Paper>
  );
}
