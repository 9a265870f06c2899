import { Text } from '@mantine/core';
import { LEAD_COLUMNS, inOut, type LeadColumnId, type LeadRow } from '@casedesk/contract/inquiries/lead-list';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';

const header = (id: LeadColumnId) => LEAD_COLUMNS.find((c) => c.id === id)!.header;

/** A cell of free text shown on one line, the whole text in its tooltip. */
function clipped(value: string | null) {
  return (
    <Text size="sm" truncate="end" title={value ?? undefined}>
      {value ?? ''}
    </Text>
  );
}

/** SPEC §2 leads headers, word for word and in order; every column sorts on the server. */
export const LEAD_TABLE_COLUMNS: DataTableColumn<LeadRow>[] = [
  { id: 'name', header: header('name'), sortable: true, width: 170 },
  { id: 'phone', header: header('phone'), kind: 'phone', sortable: true, width: 140 },
  { id: 'email', header: header('email'), sortable: true, width: 200, cell: (r) => clipped(r.email) },
  {
    id: 'callsInOut',
    header: header('callsInOut'),
    sortable: true,
    width: 110,
    align: 'center',
    accessor: (r) => inOut(r.callsIn, r.callsOut),
  },
  {
    id: 'textInOut',
    header: header('textInOut'),
    sortable: true,
    width: 110,
    align: 'center',
    accessor: (r) => inOut(r.textsIn, r.textsOut),
  },
  { id: 'notes', header: header('notes'), sortable: true, width: 180, cell: (r) => clipped(r.notes) },
  { id: 'lawType', header: header('lawType'), sortable: true, width: 160 },
  { id: 'leadOwner', header: header('leadOwner'), sortable: true, width: 150 },
  {
    id: 'noApptReason',
    header: header('noApptReason'),
    sortable: true,
    width: 170,
    cell: (r) => clipped(r.noApptReason),
  },
  { id: 'source', header: header('source'), sortable: true, width: 120 },
  { id: 'dateTime', header: header('dateTime'), kind: 'dateTime', sortable: true, width: 170 },
  { id: 'text', header: header('text'), sortable: true, width: 240, cell: (r) => clipped(r.text) },
];
