import { Badge, Button, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import {
  TRUST_ENTRY_KIND_LABELS,
  type TrustEntry,
  type TrustEntryKind,
  type TrustLedgerRow,
} from '@casedesk/contract/accounting/trust';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';

/** The matters holding trust money; `onOpen` shows a matter's ledger. */
export function trustLedgerColumns(onOpen: (row: TrustLedgerRow) => void): DataTableColumn<TrustLedgerRow>[] {
  return [
    { id: 'office', header: 'Office', width: 130, sortable: true },
    { id: 'client', header: 'Client', width: 170, sortable: true },
    { id: 'matter', header: 'Matter', width: 190 },
    { id: 'balanceCents', header: 'Balance', kind: 'cents', width: 120, sortable: true, sortKey: 'balance' },
    { id: 'lastEntryAt', header: 'Last entry', kind: 'dateTime', width: 160, sortable: true },
    {
      id: 'actions',
      header: 'Ledger',
      cell: (row) => (
        <Button size="compact-xs" variant="default" onClick={() => onOpen(row)}>
          Open ledger
        </Button>
      ),
    },
  ];
}

// Filled dark shades: the light variants fail the contrast check (axe) on the table's rows.
const KIND_COLORS: Record<TrustEntryKind, string> = {
  DEPOSIT: 'teal.9',
  DEPOSIT_REVERSAL: 'red.9',
  DISBURSEMENT: 'blue.9',
  DISBURSEMENT_REVERSAL: 'red.9',
};

const detail = (e: TrustEntry) => (e.kind === 'DISBURSEMENT' ? `${e.payee} · ${e.purpose}` : (e.reason ?? ''));

/** A matter's entries in the order they moved its balance; `actions` renders what the caller may do. */
export function trustEntryColumns(
  actions: (entry: TrustEntry) => ReactNode,
  officeName: (officeId: string) => string,
): DataTableColumn<TrustEntry>[] {
  return [
    { id: 'entryDate', header: 'Date', kind: 'date', width: 110 },
    {
      id: 'kind',
      header: 'Entry',
      width: 170,
      cell: (e) => (
        <Badge size="sm" variant="filled" color={KIND_COLORS[e.kind]}>
          {TRUST_ENTRY_KIND_LABELS[e.kind]}
        </Badge>
      ),
    },
    { id: 'office', header: 'Office', width: 120, cell: (e) => officeName(e.officeId) },
    {
      id: 'detail',
      header: 'Payee · purpose / reason',
      width: 240,
      cell: (e) => (
        <Text size="sm" truncate="end" title={detail(e)}>
          {detail(e)}
        </Text>
      ),
    },
    { id: 'amountCents', header: 'Amount', kind: 'cents', width: 115 },
    { id: 'balanceCents', header: 'Balance', kind: 'cents', width: 115 },
    { id: 'enteredBy', header: 'Entered by', width: 140 },
    { id: 'actions', header: 'Actions', cell: actions },
  ];
}

// A shared object, so rows that did not change skip re-rendering (DataTable rowStyle).
const STRUCK: CSSProperties = { color: 'var(--mantine-color-gray-7)', textDecoration: 'line-through' };

/** A reversed disbursement is struck through: its reversal beside it put the money back. */
export const reversedEntryStyle = (e: TrustEntry) => (e.reversedById ? STRUCK : undefined);
