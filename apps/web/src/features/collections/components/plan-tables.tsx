import { Badge, Table, Text } from '@mantine/core';
import {
  PLAN_FREQUENCY_LABELS,
  type InstalmentStatus,
  type PaymentPlan,
} from '@casedesk/contract/collections/payment-plan';
import { formatGroupedCents, formatMoney } from '@casedesk/contract/common/money';
import { formatDateInput } from '@casedesk/contract/common/text';
import { formatValue } from '@/components/data-table/format-cell.ts';
import { ScrollBox } from './scroll-box.tsx';

/** Dark shades, so the small badges' white text keeps its contrast (WCAG AA; the theme's orange fails it). */
const INSTALMENT_LOOKS: Record<InstalmentStatus, { label: string; color: string }> = {
  DUE: { label: 'Due', color: 'blue.8' },
  PAID: { label: 'Paid', color: 'teal.9' },
  MISSED: { label: 'Missed', color: 'red.9' },
  PAUSED: { label: 'Paused', color: '#a3400b' },
};

/** The plan's instalments in order: what is due, what has been paid of it, its status and its terms' version. */
export function InstalmentsTable({ plan }: { plan: PaymentPlan }) {
  return (
    <ScrollBox label="Instalments (scrollable)" maxHeight={320}>
      <Table aria-label="Instalments" verticalSpacing={4} fz="sm" stickyHeader striped miw={360}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={50}>#</Table.Th>
            <Table.Th>Due date</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">Paid</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th w={70}>Version</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plan.instalments.map((i) => (
            <Table.Tr key={i.seq}>
              <Table.Td>{i.seq}</Table.Td>
              <Table.Td>{formatDateInput(i.dueDate)}</Table.Td>
              <Table.Td ta="right">{formatGroupedCents(i.amountCents)}</Table.Td>
              <Table.Td ta="right">{formatGroupedCents(i.paidCents)}</Table.Td>
              <Table.Td>
                <Badge size="sm" variant="filled" color={INSTALMENT_LOOKS[i.status].color}>
                  {INSTALMENT_LOOKS[i.status].label}
                </Badge>
              </Table.Td>
              <Table.Td>{i.version}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollBox>
  );
}

/** Every version of the plan's terms, newest first: a change of amount starts a new one. */
export function VersionsTable({ plan }: { plan: PaymentPlan }) {
  const versions = [...plan.versions].sort((a, b) => b.version - a.version);
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table aria-label="Plan versions" verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={70}>Version</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Frequency</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th>Instalments</Table.Th>
            <Table.Th>By</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {versions.map((v) => (
            <Table.Tr key={v.version}>
              <Table.Td>{v.version}</Table.Td>
              <Table.Td ta="right">{formatMoney(v.amountCents)}</Table.Td>
              <Table.Td>{PLAN_FREQUENCY_LABELS[v.frequency]}</Table.Td>
              <Table.Td>{formatDateInput(v.firstDueDate)}</Table.Td>
              <Table.Td>{v.instalmentCount ?? 'Until paid'}</Table.Td>
              <Table.Td>
                <Text size="sm">{v.by ?? '—'}</Text>
                <Text size="xs" c="dimmed">
                  {formatValue(v.at, 'dateTime')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
