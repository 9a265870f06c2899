import { Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { CollectionStatus, CollectionStatusOption } from '@casedesk/contract/collections/account';
import { formatMoney } from '@casedesk/contract/common/money';
import { LoadError } from '@/components/load-error.tsx';
import { useCollectionTotals } from '../../api/get-collection-totals.ts';
import { useCollectionStatuses } from '../../api/list-collection-statuses.ts';
import { ROW_COLOUR_STYLES } from '../account-columns.tsx';
import { AccountColourLegend } from '../account-colour-legend.tsx';
import { StatusLabel } from '../collection-status.tsx';

/** SPEC §4: a review account's row is purple, an escalation's yellow; the others take no colour of their status. */
const STATUS_ROW: Partial<Record<CollectionStatus, CSSProperties>> = {
  REVIEW: ROW_COLOUR_STYLES.purple,
  ESCALATION: ROW_COLOUR_STYLES.yellow,
};

/** The accounts in the status (every office the caller reads), from the totals the all-accounts page shows. */
function StatusFigures({ status }: { status: CollectionStatus }) {
  const totals = useCollectionTotals({ statuses: [status] });
  if (totals.isError) return <Table.Td colSpan={2}>—</Table.Td>;
  if (!totals.data) {
    return (
      <Table.Td colSpan={2}>
        <Skeleton height={14} aria-label="Loading" />
      </Table.Td>
    );
  }
  return (
    <>
      <Table.Td ta="right">{totals.data.count.toLocaleString('en-US')}</Table.Td>
      <Table.Td ta="right">{formatMoney(totals.data.outstandingCents)}</Table.Td>
    </>
  );
}

function StatusRow({ option }: { option: CollectionStatusOption }) {
  return (
    <Table.Tr style={STATUS_ROW[option.value]} data-status={option.value}>
      <Table.Td>
        <StatusLabel status={option.value} />
      </Table.Td>
      <Table.Td>{option.open ? 'Worked' : 'Finished'}</Table.Td>
      <StatusFigures status={option.value} />
    </Table.Tr>
  );
}

/**
 * The six collection statuses as the server defines them (GET /collectionAccount/status): label, SPEC §4 badge
 * and row colour, whether accounts in it are still worked, and how many accounts are in it now. The statuses are
 * part of the product (every list, report and workflow uses them), so they are shown, not edited.
 */
export function StatusesTab() {
  const statuses = useCollectionStatuses();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="statuses-title">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="statuses-title">
            Statuses
          </Title>
          <Text size="sm" c="dimmed">
            Every account is in one of these statuses. They are fixed: lists, reports and workflows rely on them. An
            account opens Active; Paid needs a zero balance; a Closed account changes nothing but its status.
          </Text>
        </Stack>
        {statuses.isError ? (
          <LoadError title="The statuses could not be loaded" onRetry={() => void statuses.refetch()} />
        ) : !statuses.data ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading statuses">
            <Skeleton height={32} />
            <Skeleton height={32} />
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table aria-label="Collection statuses" verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Accounts in it are</Table.Th>
                  <Table.Th ta="right">Accounts</Table.Th>
                  <Table.Th ta="right">Outstanding</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {statuses.data.map((option) => (
                  <StatusRow key={option.value} option={option} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <AccountColourLegend />
        <Text size="xs" c="dimmed">
          A row is red once its follow-up date has passed, whatever its status: that colour wins.
        </Text>
      </Stack>
    </Paper>
  );
}
