import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { COLLECTION_STATUS_LABELS, type CollectionAccountDetail } from '@casedesk/contract/collections/account';
import { formatValue } from '@/components/data-table/format-cell.ts';
import { StatusLabel } from './collection-status.tsx';

/** Every status the account has had, newest first, with who changed it, when and why. */
export function StatusHistory({ history }: { history: CollectionAccountDetail['statusHistory'] }) {
  const rows = [...history].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h4" id="status-history-title">
          Status history
        </Title>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            No status changes yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table aria-labelledby="status-history-title" verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={150}>When</Table.Th>
                  <Table.Th w={170}>Status</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th w={130}>By</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((change) => (
                  <Table.Tr key={`${change.at}-${change.toStatus}`}>
                    <Table.Td>{formatValue(change.at, 'dateTime')}</Table.Td>
                    <Table.Td>
                      {change.fromStatus && (
                        <Text span size="xs" c="dimmed">
                          {`${COLLECTION_STATUS_LABELS[change.fromStatus]} → `}
                        </Text>
                      )}
                      <StatusLabel status={change.toStatus} />
                    </Table.Td>
                    <Table.Td>{change.note ?? '—'}</Table.Td>
                    <Table.Td>{change.by ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
