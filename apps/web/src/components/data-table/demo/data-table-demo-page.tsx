import { Group, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE_ALL } from '@casedesk/contract/common/paging';
import { DataTable } from '../data-table.tsx';
import type { DataTableColumn, TableSort } from '../data-table-types.ts';
import { createDemoSorter, generateDemoRows, type DemoRow } from './demo-rows.ts';

/** Dev-only page (/dev/data-table): the DataTable with generated rows, sorted and paged in memory. */
export const DEFAULT_DEMO_ROWS = 50_000;
const MAX_DEMO_ROWS = 1_000_000;

const COLUMNS: DataTableColumn<DemoRow>[] = [
  { id: 'name', header: 'Name', sortable: true },
  { id: 'phone', header: 'Phone', kind: 'phone', sortable: true, width: 160 },
  { id: 'amountCents', header: 'Amount', kind: 'cents', sortable: true, width: 140 },
  { id: 'date', header: 'Date', kind: 'date', sortable: true, width: 130 },
];
const rowId = (row: DemoRow) => row.id;
const rowLabel = (row: DemoRow) => `Select ${row.name}`;

function rowCountFrom(param: string | null): number {
  const n = param === null ? DEFAULT_DEMO_ROWS : Number(param);
  return Number.isInteger(n) && n >= 0 ? Math.min(n, MAX_DEMO_ROWS) : DEFAULT_DEMO_ROWS;
}

export function DataTableDemoPage() {
  const [params] = useSearchParams();
  const count = rowCountFrom(params.get('rows'));
  const data = useMemo(() => {
    const rows = generateDemoRows(count);
    return { rows, sortRows: createDemoSorter(rows), totalCents: rows.reduce((sum, r) => sum + r.amountCents, 0) };
  }, [count]);
  const [sort, setSort] = useState<TableSort | null>(null);
  const [pageSize, setPageSize] = useState(PAGE_SIZE_ALL);
  const [pageNumber, setPageNumber] = useState(1);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);

  const sorted = useMemo(() => data.sortRows(sort), [data, sort]);
  const pageRows = useMemo(
    () => (pageSize >= PAGE_SIZE_ALL ? sorted : sorted.slice((pageNumber - 1) * pageSize, pageNumber * pageSize)),
    [sorted, pageSize, pageNumber],
  );

  return (
    <Stack gap="sm" p="md">
      <Title order={1}>DataTable demo</Title>
      <Group gap="lg">
        <Text size="sm" data-testid="demo-row-count">
          {count.toLocaleString('en-US')} generated rows
        </Text>
        <Text size="sm" data-testid="demo-sort">
          {sort ? `Sorted by ${sort.sortBy} ${sort.sortOrder}` : 'Not sorted'}
        </Text>
        <Text size="sm" data-testid="demo-selected">
          {selectedIds.length} selected
        </Text>
      </Group>
      <DataTable
        label="Generated rows"
        columns={COLUMNS}
        rows={pageRows}
        getRowId={rowId}
        getRowLabel={rowLabel}
        totalCount={count}
        totals={{ amountCents: data.totalCents }}
        sort={sort}
        onSortChange={setSort}
        pageSize={pageSize}
        onPageSizeChange={setPageSize}
        pageNumber={pageNumber}
        onPageChange={setPageNumber}
        selectable
        selectedIds={selectedIds}
        onSelectionChange={setSelectedIds}
        emptyState="No generated rows (rows=0)"
        maxHeight="calc(100dvh - 200px)"
      />
    </Stack>
  );
}
