import { Badge, Group, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import {
  CASH_FLOW_COLUMNS,
  PAYMENT_TYPE_LABELS,
  type CashFlowColumnId,
  type CashFlowRow,
} from '@casedesk/contract/accounting/payment';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';

const header = (id: CashFlowColumnId) => CASH_FLOW_COLUMNS.find((c) => c.id === id)!.header;

function clipped(value: string | null) {
  return (
    <Text size="sm" truncate="end" title={value ?? undefined}>
      {value ?? ''}
    </Text>
  );
}

/** A reversed entry and its reversal, when "Show reversed" lists them, say so beside the receipt number. */
function receipt(row: CashFlowRow) {
  const mark = row.reversesId ? 'Reversal' : row.reversedById ? 'Reversed' : null;
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm">{row.receiptNumber ?? ''}</Text>
      {mark && (
        <Badge size="xs" color="red.9" variant="filled">
          {mark}
        </Badge>
      )}
    </Group>
  );
}

/**
 * SPEC §2 cash-flow headers, word for word and in order; every column sorts on the server. Twelve columns at
 * 1280 px: amounts, totals and the time get their full width; long headers over short values are clipped.
 */
export const CASH_FLOW_TABLE_COLUMNS: DataTableColumn<CashFlowRow>[] = [
  {
    id: 'officeEntered',
    header: header('officeEntered'),
    sortable: true,
    width: 70,
    accessor: (r) => (r.officeEntered ? 'Yes' : 'No'),
  },
  { id: 'office', header: header('office'), sortable: true, width: 90, cell: (r) => clipped(r.office) },
  { id: 'client', header: header('client'), sortable: true, width: 100, cell: (r) => clipped(r.client) },
  { id: 'lmsClientNumber', header: header('lmsClientNumber'), sortable: true, width: 80 },
  { id: 'matter', header: header('matter'), sortable: true, width: 100, cell: (r) => clipped(r.matter) },
  { id: 'lawType', header: header('lawType'), sortable: true, width: 95, cell: (r) => clipped(r.lawType) },
  {
    id: 'paymentType',
    header: header('paymentType'),
    sortable: true,
    width: 90,
    accessor: (r) => PAYMENT_TYPE_LABELS[r.paymentType],
  },
  { id: 'fees', header: header('fees'), kind: 'cents', sortable: true, width: 130, accessor: (r) => r.feesCents },
  { id: 'cost', header: header('cost'), kind: 'cents', sortable: true, width: 120, accessor: (r) => r.costCents },
  { id: 'receiptNum', header: header('receiptNum'), sortable: true, width: 85, cell: receipt },
  { id: 'enteredBy', header: header('enteredBy'), sortable: true, width: 95, cell: (r) => clipped(r.enteredBy) },
  { id: 'time', header: header('time'), kind: 'dateTime', sortable: true, width: 168 },
];

// Shared objects, so rows that did not change skip re-rendering (DataTable rowStyle).
const REVERSED: CSSProperties = { textDecoration: 'line-through', color: 'var(--mantine-color-dimmed)' };
const REVERSAL: CSSProperties = { color: 'var(--mantine-color-red-8)' };

/** A reversed entry is struck through; its reversal (negative amounts) is red. */
export function reversalStyle(row: CashFlowRow): CSSProperties | undefined {
  if (row.reversesId) return REVERSAL;
  return row.reversedById ? REVERSED : undefined;
}
