import { Badge, Button, Group, Text } from '@mantine/core';
import type { TrackingLineRow } from '@casedesk/contract/marketing/tracking-line';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';
import { formatValue } from '@/components/data-table/format-cell.ts';

function clipped(value: string) {
  return (
    <Text size="sm" truncate="end" title={value}>
      {value}
    </Text>
  );
}

/** A scheduled re-map shows with its future start, so "from" says when the shown mapping applies. */
function effectiveCell(row: TrackingLineRow) {
  const from = new Date(row.effectiveFrom);
  const scheduled = from.getTime() > Date.now();
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm">{formatValue(row.effectiveFrom, 'date')}</Text>
      {scheduled && (
        <Badge size="xs" variant="light" color="yellow">
          Scheduled
        </Badge>
      )}
      {!row.active && (
        <Badge size="xs" variant="light" color="gray">
          Inactive
        </Badge>
      )}
    </Group>
  );
}

export interface LineActions {
  canUpdate: boolean;
  onRemap: (row: TrackingLineRow) => void;
  onDeactivate: (row: TrackingLineRow) => void;
}

/** The columns of a type's lines (the type is the page's); edit is a re-map from a date, deactivate stops the number resolving. */
export function trackingLineColumns({
  canUpdate,
  onRemap,
  onDeactivate,
}: LineActions): DataTableColumn<TrackingLineRow>[] {
  const columns: DataTableColumn<TrackingLineRow>[] = [
    { id: 'dnis', header: 'DNIS', kind: 'phone', sortable: true, width: 140 },
    { id: 'source', header: 'Source', sortable: true, width: 180, cell: (r) => clipped(r.source) },
    { id: 'campaign', header: 'Campaign', sortable: true, width: 170, cell: (r) => clipped(r.campaign) },
    { id: 'pointTo', header: 'Point to', sortable: true, width: 130 },
    { id: 'office', header: 'Office', sortable: true, width: 130, accessor: (r) => r.officeName },
    { id: 'effectiveFrom', header: 'Effective from', sortable: true, width: 170, cell: effectiveCell },
  ];
  if (!canUpdate) return columns;
  return [
    ...columns,
    {
      id: 'actions',
      header: 'Actions',
      width: 200,
      cell: (row) =>
        row.active ? (
          <Group gap={4} wrap="nowrap">
            <Button size="compact-xs" variant="light" onClick={() => onRemap(row)} title="Edit the line from a date on">
              Re-map
            </Button>
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => onDeactivate(row)}>
              Deactivate
            </Button>
          </Group>
        ) : null,
    },
  ];
}
