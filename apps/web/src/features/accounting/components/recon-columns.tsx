import { Badge } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import type { ReconRow, ReconStatus } from '@casedesk/contract/accounting/reconciliation';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';

const STATUS_LABELS: Record<ReconStatus, string> = { OPEN: 'Open', RECONCILED: 'Reconciled', REOPENED: 'Reopened' };
// Filled dark shades: the light variants fail the contrast check (axe) on the table's rows.
const STATUS_COLORS: Record<ReconStatus, string> = { OPEN: 'gray.7', RECONCILED: 'teal.9', REOPENED: 'orange.9' };

export function ReconStatusBadge({ status }: { status: ReconStatus }) {
  return (
    <Badge size="sm" variant="filled" color={STATUS_COLORS[status]}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/** One office day per row; `actions` renders the buttons the caller's permissions allow. */
export function reconColumns(actions: (row: ReconRow) => ReactNode): DataTableColumn<ReconRow>[] {
  return [
    { id: 'office', header: 'Office', width: 130 },
    { id: 'day', header: 'Day', kind: 'date', width: 110 },
    { id: 'officeEnteredCents', header: 'Office entered', kind: 'cents', width: 130 },
    { id: 'accountingCents', header: 'Accounting', kind: 'cents', width: 120 },
    { id: 'depositCents', header: 'Deposits', kind: 'cents', width: 120 },
    { id: 'differenceCents', header: 'Difference', kind: 'cents', width: 115 },
    {
      id: 'status',
      header: 'Status',
      width: 115,
      cell: (r) => <ReconStatusBadge status={r.status} />,
    },
    { id: 'reconciledBy', header: 'Reconciled by', width: 130 },
    { id: 'actions', header: 'Actions', cell: actions },
  ];
}

// A shared object, so rows that did not change skip re-rendering (DataTable rowStyle).
const UNBALANCED: CSSProperties = { color: 'var(--mantine-color-red-8)', fontWeight: 600 };

/** A day whose deposits do not match what was entered is red: the one to look into. */
export const unbalancedStyle = (row: ReconRow) => (row.differenceCents !== 0 ? UNBALANCED : undefined);
