import { Badge, Text } from '@mantine/core';
import { OFFICE_COLUMNS, type OfficeColumnId, type OfficeRow } from '@casedesk/contract/offices/office';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';
import { OFFICE_STATUS_LABELS, OFFICE_TYPE_LABELS } from './office-labels.ts';

const header = (id: OfficeColumnId) => OFFICE_COLUMNS.find((c) => c.id === id)!.header;

function clipped(value: string | null) {
  return (
    <Text size="sm" truncate="end" title={value ?? undefined}>
      {value ?? ''}
    </Text>
  );
}

/** SPEC §2 offices headers, word for word and in order; every column sorts on the server. They fit 1280 px. */
export const OFFICE_TABLE_COLUMNS: DataTableColumn<OfficeRow>[] = [
  { id: 'name', header: header('name'), sortable: true, width: 150, cell: (r) => clipped(r.name) },
  { id: 'phone', header: header('phone'), kind: 'phone', sortable: true, width: 130 },
  { id: 'lmsOfficeId', header: header('lmsOfficeId'), sortable: true, width: 130 },
  { id: 'state', header: header('state'), sortable: true, width: 70 },
  {
    id: 'streetAddress',
    header: header('streetAddress'),
    sortable: true,
    width: 170,
    cell: (r) => clipped(r.streetAddress),
  },
  { id: 'city', header: header('city'), sortable: true, width: 110 },
  { id: 'zip', header: header('zip'), sortable: true, width: 70 },
  { id: 'email', header: header('email'), sortable: true, width: 190, cell: (r) => clipped(r.email) },
  {
    id: 'status',
    header: header('status'),
    sortable: true,
    width: 100,
    cell: (r) => (
      <Badge size="sm" variant="dot" color={r.status === 'ACTIVE' ? 'green' : 'gray'}>
        {OFFICE_STATUS_LABELS[r.status]}
      </Badge>
    ),
  },
  {
    id: 'officeType',
    header: header('officeType'),
    sortable: true,
    width: 110,
    accessor: (r) => OFFICE_TYPE_LABELS[r.officeType],
  },
];
