import { Badge, Group, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { CALL_COLUMNS, duplicateText, type CallColumnId, type CallRow } from '@casedesk/contract/calls/call';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';
import { OngoingCallIndicator } from './ongoing-call-indicator.tsx';

const header = (id: CallColumnId) => CALL_COLUMNS.find((c) => c.id === id)!.header;

function clipped(value: string | null) {
  return (
    <Text size="sm" truncate="end" title={value ?? undefined}>
      {value ?? ''}
    </Text>
  );
}

function titleCell(row: CallRow) {
  return (
    <Group gap={6} wrap="nowrap">
      {row.ongoing && <OngoingCallIndicator />}
      <Badge size="xs" variant="light" color={row.direction === 'INBOUND' ? 'blue' : 'gray'} title={row.direction}>
        {row.direction === 'INBOUND' ? 'In' : 'Out'}
      </Badge>
      {clipped(row.title)}
    </Group>
  );
}

/** SPEC §2 calls headers, word for word and in order; every column sorts on the server. */
export const CALL_TABLE_COLUMNS: DataTableColumn<CallRow>[] = [
  { id: 'title', header: header('title'), sortable: true, width: 220, cell: titleCell },
  { id: 'callerId', header: header('callerId'), kind: 'phone', sortable: true, width: 140 },
  {
    id: 'callResolution',
    header: header('callResolution'),
    sortable: true,
    width: 160,
    cell: (r) => clipped(r.callResolution),
  },
  { id: 'opName', header: header('opName'), sortable: true, width: 150 },
  { id: 'talkSeconds', header: header('talkSeconds'), kind: 'number', sortable: true, width: 110 },
  { id: 'numberDialed', header: header('numberDialed'), kind: 'phone', sortable: true, width: 140 },
  { id: 'pointTo', header: header('pointTo'), sortable: true, width: 130 },
  { id: 'time', header: header('time'), kind: 'dateTime', sortable: true, width: 170 },
  { id: 'lawType', header: header('lawType'), sortable: true, width: 150 },
  {
    id: 'duplicate',
    header: header('duplicate'),
    sortable: true,
    width: 100,
    align: 'center',
    accessor: (r) => duplicateText(r.duplicate),
  },
];

/** Shared style objects, so rows that did not change are not rendered again (DataTable rowStyle). */
const ONGOING_STYLE: CSSProperties = { backgroundColor: 'var(--mantine-color-teal-light)' };

/** SPEC §4: ongoing rows are highlighted. */
export function callRowStyle(row: CallRow): CSSProperties | undefined {
  return row.ongoing ? ONGOING_STYLE : undefined;
}
