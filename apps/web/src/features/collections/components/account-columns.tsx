import { Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import {
  COLLECTION_ACCOUNT_COLUMNS,
  collectionRowColour,
  type CollectionAccountColumnId,
  type CollectionAccountRow,
  type CollectionRowColour,
} from '@casedesk/contract/collections/account';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';
import { StatusCell } from './collection-status.tsx';

/**
 * The contract's headers, two of them shortened on screen so the twelve columns fit at 1280 px with every header
 * whole (the exports keep the contract's words).
 */
const SHORT_HEADERS: Partial<Record<CollectionAccountColumnId, string>> = {
  followUpDate: 'follow-up',
  lastPaymentDate: 'last paid',
};
const header = (id: CollectionAccountColumnId) =>
  SHORT_HEADERS[id] ?? COLLECTION_ACCOUNT_COLUMNS.find((c) => c.id === id)!.header;

function clipped(value: string | null) {
  return (
    <Text size="sm" truncate="end" title={value ?? undefined}>
      {value ?? ''}
    </Text>
  );
}

/**
 * The accounts table: every column sorts on the server. Amounts are grouped cents (formatGroupedCents, the
 * `cents` kind). The widths fit the twelve columns and the selection at 1280 px with every header, amount, date
 * and status whole, and the count and totals up to $9,999,999.99 (paid up to $999,999.99) in the totals row;
 * names are what gets clipped, with their full text on hover. At 800 px the table scrolls in its own box.
 */
export const ACCOUNT_TABLE_COLUMNS: DataTableColumn<CollectionAccountRow>[] = [
  // Read out on the phone as it is: no thousands separator.
  {
    id: 'accountNumber',
    header: header('accountNumber'),
    sortable: true,
    width: 88,
    accessor: (r) => String(r.accountNumber),
  },
  { id: 'client', header: header('client'), sortable: true, width: 138, cell: (r) => clipped(r.client) },
  { id: 'matter', header: header('matter'), sortable: true, width: 80, cell: (r) => clipped(r.matter) },
  { id: 'office', header: header('office'), sortable: true, width: 71, cell: (r) => clipped(r.office) },
  {
    id: 'status',
    header: header('status'),
    sortable: true,
    width: 116,
    cell: (r) => <StatusCell status={r.status} />,
  },
  { id: 'term', header: header('term'), sortable: true, width: 68, cell: (r) => clipped(r.term) },
  { id: 'collector', header: header('collector'), sortable: true, width: 95, cell: (r) => clipped(r.collector) },
  { id: 'followUpDate', header: header('followUpDate'), kind: 'date', sortable: true, width: 100 },
  {
    id: 'original',
    header: header('original'),
    kind: 'cents',
    sortable: true,
    width: 120,
    accessor: (r) => r.originalCents,
  },
  { id: 'paid', header: header('paid'), kind: 'cents', sortable: true, width: 106, accessor: (r) => r.paidCents },
  {
    id: 'balance',
    header: header('balance'),
    kind: 'cents',
    sortable: true,
    width: 120,
    accessor: (r) => r.balanceCents,
  },
  { id: 'lastPaymentDate', header: header('lastPaymentDate'), kind: 'date', sortable: true, width: 100 },
];

/** Mantine colours of SPEC §4's red, yellow and purple. */
export const ROW_COLOUR_NAMES: Record<NonNullable<CollectionRowColour>, string> = {
  red: 'red',
  yellow: 'yellow',
  purple: 'grape',
};

/**
 * A tint under the row's own text (which keeps its contrast) and a solid bar at its left edge, so the colour
 * reads on a hovered or selected row too; as the appointment lists colour theirs.
 */
function colourStyle(name: string): CSSProperties {
  return {
    backgroundColor: `var(--mantine-color-${name}-light)`,
    boxShadow: `inset 4px 0 0 var(--mantine-color-${name}-filled)`,
  };
}

/** Shared style objects, so rows that did not change are not rendered again (DataTable rowStyle). */
export const ROW_COLOUR_STYLES: Record<NonNullable<CollectionRowColour>, CSSProperties> = {
  red: colourStyle(ROW_COLOUR_NAMES.red),
  yellow: colourStyle(ROW_COLOUR_NAMES.yellow),
  purple: colourStyle(ROW_COLOUR_NAMES.purple),
};

/** SPEC §4: follow-up date passed red; escalation yellow; review purple (the contract's rule, on `today`). */
export function accountRowStyle(row: CollectionAccountRow, today: string): CSSProperties | undefined {
  const colour = collectionRowColour(row, today);
  return colour ? ROW_COLOUR_STYLES[colour] : undefined;
}
