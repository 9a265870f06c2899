import { Badge } from '@mantine/core';
import { DRAFT_KIND_LABELS, type DraftStatus, type DraftSummary } from '@casedesk/contract/mail/draft';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';

/** The panel's short words for a draft's state (the contract's labels are longer, for the outbox). */
export const DRAFT_BADGES: Record<DraftStatus, { label: string; color: string }> = {
  DRAFT: { label: 'Draft', color: 'gray' },
  APPROVED: { label: 'Approved', color: 'blue' },
  SENT: { label: 'Sent', color: 'teal' },
  PRINTED: { label: 'Printed', color: 'teal' },
};

export function DraftStatusBadge({ status }: { status: DraftStatus }) {
  const { label, color } = DRAFT_BADGES[status];
  return (
    <Badge color={color} variant="light" tt="none">
      {label}
    </Badge>
  );
}

/** The last thing that happened to it: gone out, approved, or written. */
export const draftWhen = (d: DraftSummary) => d.completedAt ?? d.approvedAt ?? d.updatedAt;

export const DRAFT_COLUMNS: readonly DataTableColumn<DraftSummary>[] = [
  { id: 'kind', header: 'Kind', width: 70, accessor: (d) => DRAFT_KIND_LABELS[d.kind] },
  { id: 'subject', header: 'Subject', width: 200 },
  { id: 'status', header: 'Status', width: 100, cell: (d) => <DraftStatusBadge status={d.status} /> },
  { id: 'createdByName', header: 'Author', width: 130 },
  { id: 'approvedByName', header: 'Approver', width: 130 },
  { id: 'when', header: 'When', kind: 'dateTime', width: 160, accessor: draftWhen },
];
