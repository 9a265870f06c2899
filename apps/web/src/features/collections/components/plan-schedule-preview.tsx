import { Stack, Table, Text } from '@mantine/core';
import { planSchedule, type PlanTerms } from '@casedesk/contract/collections/payment-plan';
import { formatGroupedCents, formatMoney } from '@casedesk/contract/common/money';
import { countOf, formatDateInput } from '@casedesk/contract/common/text';
import { ScrollBox } from './scroll-box.tsx';

interface PlanSchedulePreviewProps {
  /** Valid terms, or null while the form is incomplete or wrong. */
  terms: PlanTerms | null;
  balanceCents: number;
}

/**
 * The instalments the terms would make for the balance, before anything is saved: the contract's planSchedule,
 * the same rule the server schedules with.
 */
export function PlanSchedulePreview({ terms, balanceCents }: PlanSchedulePreviewProps) {
  const schedule = terms ? planSchedule(terms, balanceCents) : null;
  if (!schedule) {
    return (
      <Text size="sm" c="dimmed" data-testid="plan-preview-empty">
        Fill in the terms to see the schedule.
      </Text>
    );
  }
  const total = schedule.reduce((sum, i) => sum + i.amountCents, 0);
  const left = balanceCents - total;
  return (
    <Stack gap={6} data-testid="plan-preview">
      <Text size="sm" fw={600}>
        {`${countOf(schedule.length, 'instalment')}, ${formatMoney(total)} in all, the last due ${formatDateInput(schedule.at(-1)!.dueDate)}.`}
      </Text>
      {left > 0 && (
        <Text size="sm" c="orange.9">
          {`${formatMoney(left)} stays on the account after the last instalment.`}
        </Text>
      )}
      <ScrollBox label="Schedule preview (scrollable)" maxHeight={220}>
        <Table aria-label="Schedule preview" verticalSpacing={2} fz="sm" striped stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={50}>#</Table.Th>
              <Table.Th>Due date</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {schedule.map((i) => (
              <Table.Tr key={i.seq}>
                <Table.Td>{i.seq}</Table.Td>
                <Table.Td>{formatDateInput(i.dueDate)}</Table.Td>
                <Table.Td ta="right">{formatGroupedCents(i.amountCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollBox>
    </Stack>
  );
}
