import {
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from 'react-router';
import { PAYMENT_TYPE_LABELS, type CashFlowRow } from '@casedesk/contract/accounting/payment';
import type { ReconRow } from '@casedesk/contract/accounting/reconciliation';
import { formatMoney } from '@casedesk/contract/common/money';
import { formatDateInput } from '@casedesk/contract/common/text';
import { LoadError } from '@/components/load-error.tsx';
import { paths } from '@/config/paths.ts';
import { useCashFlow } from '../api/list-cash-flow.ts';
import { AddPaymentButton } from './add-payment-button.tsx';
import { reversalStyle } from './cash-flow-columns.tsx';
import { ReconStatusBadge } from './recon-columns.tsx';
import { ReversePaymentButton } from './reverse-payment-button.tsx';

/** A day's entries are a few dozen at most; "All" (SPEC §4) keeps a busy day on one screen. */
const ALL_ROWS = 2147483647;

// One line per entry: long names are cut (the full one in the title) rather than the amounts pushed out of view.
const NO_WRAP = { th: { whiteSpace: 'nowrap' }, td: { whiteSpace: 'nowrap' } } as const;

export interface ReconDayAbilities {
  enter: boolean;
  reverse: boolean;
  reconcile: boolean;
}

function Figure({ label, cents, alert = false }: { label: string; cents: number; alert?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} c={alert ? 'red.8' : undefined}>
        {formatMoney(cents)}
      </Text>
    </div>
  );
}

function mark(entry: CashFlowRow) {
  if (entry.reversesId) return 'Reversal';
  return entry.reversedById ? 'Reversed' : null;
}

function EntryRow({ entry, day, reverses }: { entry: CashFlowRow; day: string; reverses: boolean }) {
  const label = mark(entry);
  return (
    <Table.Tr style={reversalStyle(entry)}>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Anchor component={Link} to={paths.payment.detail.href(entry.id)} size="sm">
            {entry.receiptNumber ?? 'Open'}
          </Anchor>
          {label && (
            <Badge size="xs" color="red.9" variant="filled">
              {label}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm" truncate="end" maw={140} title={entry.client}>
          {entry.client}
        </Text>
      </Table.Td>
      <Table.Td>{PAYMENT_TYPE_LABELS[entry.paymentType]}</Table.Td>
      <Table.Td>{entry.officeEntered ? 'Office' : 'Accounting'}</Table.Td>
      <Table.Td ta="right">{formatMoney(entry.feesCents + entry.costCents)}</Table.Td>
      <Table.Td>
        <Text size="sm" truncate="end" maw={120} title={entry.enteredBy ?? undefined}>
          {entry.enteredBy}
        </Text>
      </Table.Td>
      <Table.Td>
        {reverses && !label && <ReversePaymentButton payment={entry} reversalDate={day} size="compact-xs" />}
      </Table.Td>
    </Table.Tr>
  );
}

function DayEntries({ row, reverses }: { row: ReconRow; reverses: boolean }) {
  const entries = useCashFlow({
    pageNumber: 1,
    pageSize: ALL_ROWS,
    sortBy: 'time',
    sortOrder: 'ASC',
    // Reversed entries and their reversals too: the day's figures count every row (docs/accounting.md).
    filter: { officeId: row.officeId, dateFrom: row.day, dateTo: row.day, showReversed: true },
  });
  if (entries.isPending) return <Skeleton h={120} />;
  if (entries.isError)
    return <LoadError title="The day's entries could not be loaded" onRetry={() => entries.refetch()} />;
  if (entries.data.items.length === 0) return <Text c="dimmed">No entries on this day.</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="Entries of the day" fz="sm" verticalSpacing={4} highlightOnHover styles={NO_WRAP}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Receipt</Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Entered by</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.data.items.map((entry) => (
            <EntryRow key={entry.id} entry={entry} day={row.day} reverses={reverses} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface ReconDayEntriesProps {
  /** The day as the reconciliation table shows it now, so its figures follow every correction. */
  row: ReconRow | null;
  can: ReconDayAbilities;
  onReconcile: (row: ReconRow) => void;
  onClose: () => void;
}

/**
 * One office day opened from reconciliation: its figures and every entry behind them, so a difference is found
 * and corrected where it shows. A wrong entry is reversed on the same day (the day then nets to what was meant)
 * and entered again; a signed day takes no changes, so the buttons go with the signature.
 */
export function ReconDayEntries({ row, can, onReconcile, onClose }: ReconDayEntriesProps) {
  const open = row !== null && row.status !== 'RECONCILED';
  return (
    <Drawer
      opened={row !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={row ? `${row.office}, ${formatDateInput(row.day)}` : ''}
    >
      {row && (
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <SimpleGrid cols={4} spacing="lg" aria-label="Day figures">
              <Figure label="Office entered" cents={row.officeEnteredCents} />
              <Figure label="Accounting" cents={row.accountingCents} />
              <Figure label="Deposits" cents={row.depositCents} />
              <Figure label="Difference" cents={row.differenceCents} alert={row.differenceCents !== 0} />
            </SimpleGrid>
            <ReconStatusBadge status={row.status} />
          </Group>
          {(can.enter || (can.reconcile && open)) && (
            <Group gap="sm">
              {can.enter && <AddPaymentButton />}
              {can.reconcile && open && (
                <Button variant="default" onClick={() => onReconcile(row)}>
                  Mark reconciled
                </Button>
              )}
            </Group>
          )}
          <DayEntries row={row} reverses={can.reverse && open} />
        </Stack>
      )}
    </Drawer>
  );
}
