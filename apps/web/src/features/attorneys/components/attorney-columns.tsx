import { Badge, Text } from '@mantine/core';
import type { AttorneySummary } from '@casedesk/contract/attorneys/attorney-list';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';

const orAny = (value: string | null) =>
  value ?? (
    <Text span size="sm" c="dimmed">
      Any
    </Text>
  );

/** /management/attorney: who the attorney is, what they take and how much of the week they work. */
export const ATTORNEY_COLUMNS: readonly DataTableColumn<AttorneySummary>[] = [
  {
    id: 'name',
    header: 'Name',
    sortable: true,
    width: 210,
    cell: (row) => (
      <Text span size="sm" fw={600}>
        {row.name}
      </Text>
    ),
  },
  { id: 'officeName', header: 'Office', sortable: true, width: 140 },
  { id: 'lawType', header: 'Law type', sortable: true, width: 210, cell: (row) => orAny(row.lawType) },
  { id: 'jurisdiction', header: 'Jurisdiction', sortable: true, width: 130, cell: (row) => orAny(row.jurisdiction) },
  {
    id: 'isLitigation',
    header: 'Litigation',
    sortable: true,
    width: 125,
    accessor: (row) => (row.isLitigation ? 1 : 0),
    cell: (row) =>
      row.isLitigation ? (
        <Badge variant="light" radius="sm" size="sm">
          Litigation
        </Badge>
      ) : null,
  },
  {
    id: 'scheduleEntries',
    header: 'Weekly hours',
    sortable: true,
    width: 140,
    align: 'right',
    cell: (row) =>
      row.scheduleEntries === 0 ? (
        <Text span size="sm" c="var(--mantine-color-error)">
          No schedule
        </Text>
      ) : (
        `${row.scheduleEntries} ${row.scheduleEntries === 1 ? 'window' : 'windows'}`
      ),
  },
  { id: 'email', header: 'Email' },
];

const byId = (id: string) => ATTORNEY_COLUMNS.find((c) => c.id === id)!;

/** Narrow screens (sidebar layout, SPEC §2): no email, law type and jurisdiction in one cell, so nothing scrolls sideways. */
export const NARROW_ATTORNEY_COLUMNS: readonly DataTableColumn<AttorneySummary>[] = [
  { ...byId('name'), width: 180 },
  { ...byId('officeName'), width: 105 },
  {
    id: 'lawType',
    header: 'Law type · Jurisdiction',
    sortable: true,
    cell: (row) => (
      <>
        {orAny(row.lawType)}
        <Text size="xs" c="dimmed">
          {row.jurisdiction ?? 'Any jurisdiction'}
        </Text>
      </>
    ),
  },
  byId('isLitigation'),
  { ...byId('scheduleEntries'), width: 140 },
];
