import { Stack, Table, VisuallyHidden } from '@mantine/core';
import { getCoreRowModel, useReactTable, type ColumnDef, type SortingState, type Updater } from '@tanstack/react-table';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { DataTableBody } from './data-table-body.tsx';
import { DataTableHead } from './data-table-head.tsx';
import { DataTablePagination } from './data-table-pagination.tsx';
import { DataTableTotals } from './data-table-totals.tsx';
import type { DataTableColumn, DataTableProps } from './data-table-types.ts';
import { alignOf, cellValue, renderCell } from './format-cell.ts';
import { totalPagesOf } from './page-items.ts';
import { fromSortingState, toSortingState } from './sorting.ts';
import { useDataTableState } from './use-data-table-state.ts';
import { useRowWindow } from './use-row-window.ts';
import { DEFAULT_MAX_SELECTABLE, useRowSelection } from './use-row-selection.ts';
import classes from './data-table.module.css';

const SELECT_COLUMN_WIDTH = 44;
const DEFAULT_COLUMN_MIN_WIDTH = 120;

function toColumnDefs<Row>(columns: readonly DataTableColumn<Row>[]): ColumnDef<Row>[] {
  return columns.map((column) => ({
    id: column.id,
    header: column.header,
    // TanStack only offers sorting on accessor columns; the value itself is never sorted here.
    accessorFn: (row: Row) => cellValue(column, row),
    enableSorting: column.sortable === true,
    cell: ({ row }) => renderCell(column, row.original),
  }));
}

const defaultRowLabel = (_row: unknown, index: number) => `Select row ${index + 1}`;

/**
 * The shared table page body (SPEC §2): the server sorts and pages (manual sorting and pagination),
 * the table shows one page, virtualized when it is long. Pass `columns` and `getRowId` as stable
 * references (module constants or memoized) so rows that stay in view are not rendered again.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { columns, rows, getRowId, loading = false, selectable = false, withPagination = true } = props;
  const maxSelectable = props.maxSelectable ?? DEFAULT_MAX_SELECTABLE;
  const totalCount = props.totalCount ?? rows.length;
  const state = useDataTableState(props);
  const selection = useRowSelection({
    selectedIds: props.selectedIds,
    onSelectionChange: props.onSelectionChange,
    maxSelectable,
  });
  // State, not a ref: the body's virtualizer needs the element, and a child's layout effect runs
  // before its parent's ref is attached.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);

  const limitNoteId = useId();
  const rowWindow = useRowWindow(rows, scrollElement, !loading);
  const columnDefs = useMemo(() => toColumnDefs(columns), [columns]);
  const columnsById = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const alignments = useMemo(() => columns.map(alignOf), [columns]);
  const sorting = useMemo(() => toSortingState(state.sort, columns), [state.sort, columns]);

  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    state.changeSort(fromSortingState(next, columns));
  };

  // TanStack Table builds the row model; it neither sorts nor pages here (the server does).
  // No React Compiler in this build, so its memoization caveat does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<Row>({
    data: rowWindow.rows as Row[],
    columns: columnDefs,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    pageCount: totalPagesOf(totalCount, state.pageSize, props.totalCountIsLowerBound),
    // SPEC §4: ascending → descending → none, one column at a time.
    sortDescFirst: false,
    enableSortingRemoval: true,
    enableMultiSort: false,
    enableRowSelection: (row) => selection.canSelect(row.id),
    state: {
      sorting,
      rowSelection: selection.rowSelection,
      pagination: { pageIndex: state.pageNumber - 1, pageSize: state.pageSize },
    },
    onSortingChange,
    onRowSelectionChange: selection.onRowSelectionChange,
  });

  const toggleRef = useRef<(rowId: string) => void>(() => undefined);
  toggleRef.current = (rowId) => table.getRow(rowId).toggleSelected(!selection.selectedSet.has(rowId));
  const onToggle = useCallback((rowId: string) => toggleRef.current(rowId), []);

  const columnCount = columns.length + (selectable ? 1 : 0);
  const minWidth =
    columns.reduce((sum, c) => sum + (c.width ?? DEFAULT_COLUMN_MIN_WIDTH), 0) + (selectable ? SELECT_COLUMN_WIDTH : 0);

  return (
    <Stack gap="xs">
      {selectable && <VisuallyHidden id={limitNoteId}>{`You can select up to ${maxSelectable} rows`}</VisuallyHidden>}
      <div
        className={classes.scroller}
        ref={setScrollElement}
        data-testid="data-table-scroller"
        style={{ maxHeight: props.maxHeight ?? '70vh' }}
        // WCAG 2.1.1: a table wider or taller than its box must scroll from the keyboard too, also when
        // none of its rows can take focus (e.g. a report). The region names what scrolls.
        tabIndex={0}
        role="region"
        aria-label={props.label ? `${props.label} (scrollable)` : 'Table (scrollable)'}
      >
        <Table
          className={classes.table}
          style={{ minWidth }}
          stickyHeader
          layout="fixed"
          highlightOnHover={false}
          tabularNums
          aria-label={props.label}
          aria-rowcount={rows.length + 1 + (props.totals ? 1 : 0)}
          aria-busy={loading || undefined}
        >
          <colgroup>
            {selectable && <col style={{ width: SELECT_COLUMN_WIDTH }} />}
            {columns.map((c) => (
              <col key={c.id} style={c.width ? { width: c.width } : undefined} />
            ))}
          </colgroup>
          <DataTableHead table={table} columnsById={columnsById} selectable={selectable} />
          <DataTableBody
            rows={table.getRowModel().rows}
            window={rowWindow}
            totalRows={rows.length}
            columnCount={columnCount}
            alignments={alignments}
            loading={loading}
            emptyState={props.emptyState ?? 'No records found'}
            selectable={selectable}
            selectedIds={selection.selectedSet}
            maxSelectable={maxSelectable}
            onToggle={onToggle}
            checkboxLabel={props.getRowLabel ?? defaultRowLabel}
            limitNoteId={limitNoteId}
            rowStyle={props.rowStyle}
            onRowClick={props.onRowClick}
          />
          {props.totals && !loading && (
            <DataTableTotals
              columns={columns}
              totals={props.totals}
              selectable={selectable}
              ariaRowIndex={rows.length + 2}
            />
          )}
        </Table>
      </div>
      {withPagination && (
        <DataTablePagination
          pageNumber={state.pageNumber}
          pageSize={state.pageSize}
          totalCount={totalCount}
          totalCountIsLowerBound={props.totalCountIsLowerBound}
          onPageChange={state.changePage}
          onPageSizeChange={state.changePageSize}
          disabled={loading}
        />
      )}
    </Stack>
  );
}
