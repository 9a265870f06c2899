import { Badge, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import {
  TRUST_ENTRY_KIND_LABELS,
  type TrustEntry,
  type TrustEntryKind,
  type TrustLedgerRow,
} from '@casedesk/contract/accounting/trust';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';

/** The matters holding trust money; a row opens its ledger. */
export const TRUST_LEDGER_COLUMNS: DataTableColumn<TrustLedgerRow>[] = [
  { id: 'office', header: 'Office', width: 120, sortable: true },
  { id: 'client', header: 'Client', width: 170, sortable: true },
  { id: 'matter', header: 'Matter' },
  { id: 'balanceCents', header: 'Balance', kind: 'cents', width: 120, sortable: true, sortKey: 'balance' },
  { id: 'lastEntryAt', header: 'Last entry', kind: 'dateTime', width: 170, sortable: true },
];

// Filled dark shades: the light variants fail the contrast check (axe) on the table's rows.
const KIND_COLORS: Record<TrustEntryKind, string> = {
  DEPOSIT: 'teal.9',
  DEPOSIT_REVERSAL: 'red.9',
  DISBURSEMENT: 'blue.9',
  DISBURSEMENT_REVERSAL: 'red.9',
};

const detail = (e: TrustEntry) => (e.kind === 'DISBURSEMENT' ? `${e.payee} · ${e.purpose}` : (e.reason ?? ''));

/**
 * A matter's entries in the order they moved its balance; `actions` renders what the caller may do. The office
 * shows only for a matter whose money sits in more than one office (`officeName` given).
 */
export function trustEntryColumns(
  actions: (entry: TrustEntry) => ReactNode,
  officeName?: (officeId: string) => string,
): DataTableColumn<TrustEntry>[] {
  const office: DataTableColumn<TrustEntry>[] = officeName
    ? [{ id: 'office', header: 'Office', width: 110, cell: (e) => officeName(e.officeId) }]
    : [];
  return [
    { id: 'entryDate', header: 'Date', kind: 'date', width: 105 },
    {
      id: 'kind',
      header: 'Entry',
      width: 175,
      cell: (e) => (
        <Badge size="sm" variant="filled" color={KIND_COLORS[e.kind]}>
          {TRUST_ENTRY_KIND_LABELS[e.kind]}
        </Badge>
      ),
    },
    ...office,
    {
      id: 'detail',
      header: 'Payee · purpose / reason',
      cell: (e) => (
        <Text size="sm" truncate="end" title={detail(e)}>
          {detail(e)}
        </Text>
      ),
    },
    { id: 'amountCents', header: 'Amount', kind: 'cents', width: 105 },
    { id: 'balanceCents', header: 'Balance', kind: 'cents', width: 105 },
    { id: 'enteredBy', header: 'Entered by', width: 125 },
    { id: 'actions', header: '', width: 80, cell: actions },
  ];
}

// A shared object, so rows that did not change skip re-rendering (DataTable rowStyle).
const STRUCK: CSSProperties = { color: 'var(--mantine-color-gray-7)', textDecoration: 'line-through' };

/** A reversed disbursement is struck through: its reversal beside it put the money back. */
export const reversedEntryStyle = (e: TrustEntry) => (e.reversedById ? STRUCK : undefined);
