import { Skeleton } from '@mantine/core';
import type { Row as TanStackRow } from '@tanstack/react-table';
import type { CSSProperties, ReactNode } from 'react';
import { DataTableRow } from './data-table-row.tsx';
import type { RowWindow } from './use-row-window.ts';
import classes from './data-table.module.css';

/** SPEC §9: loading rows 10. */
export const LOADING_ROWS = 10;

interface DataTableBodyProps<Row> {
  /** TanStack rows of the window being rendered. */
  rows: TanStackRow<Row>[];
  window: Omit<RowWindow<Row>, 'rows'>;
  totalRows: number;
  columnCount: number;
  alignments: readonly ('left' | 'center' | 'right')[];
  loading: boolean;
  emptyState: ReactNode;
  selectable: boolean;
  selectedIds: ReadonlySet<string>;
  maxSelectable: number;
  onToggle: (rowId: string) => void;
  checkboxLabel: (row: Row, index: number) => string;
  limitNoteId: string;
  rowStyle: ((row: Row) => CSSProperties | undefined) | undefined;
  onRowClick: ((row: Row) => void) | undefined;
}

function SkeletonRows({ columnCount }: { columnCount: number }) {
  return Array.from({ length: LOADING_ROWS }, (_, r) => (
    <tr key={r} className={classes.row} data-testid="data-table-skeleton-row">
      {Array.from({ length: columnCount }, (_, c) => (
        <td key={c} className={classes.cell}>
          <Skeleton height={12} radius="sm" />
        </td>
      ))}
    </tr>
  ));
}

function Spacer({ height, columnCount }: { height: number; columnCount: number }) {
  if (height <= 0) return null;
  return (
    <tr className={classes.spacer} aria-hidden="true" style={{ height }}>
      <td colSpan={columnCount} />
    </tr>
  );
}

export function DataTableBody<Row>(props: DataTableBodyProps<Row>) {
  const { rows, window, columnCount, selectable, selectedIds, maxSelectable } = props;
  if (props.loading) {
    return (
      <tbody aria-busy="true">
        <SkeletonRows columnCount={columnCount} />
      </tbody>
    );
  }
  if (props.totalRows === 0) {
    return (
      <tbody>
        <tr>
          <td colSpan={columnCount} className={classes.empty} data-testid="data-table-empty">
            {props.emptyState}
          </td>
        </tr>
      </tbody>
    );
  }
  const selectionFull = selectedIds.size >= maxSelectable;
  return (
    <tbody>
      <Spacer height={window.paddingTop} columnCount={columnCount} />
      {rows.map((row, i) => {
        const index = window.start + i;
        const selected = selectedIds.has(row.id);
        return (
          <DataTableRow
            key={row.id}
            row={row}
            ariaRowIndex={index + 2}
            alignments={props.alignments}
            selectable={selectable}
            selected={selected}
            selectionBlocked={!selected && selectionFull}
            maxSelectable={maxSelectable}
            checkboxLabel={props.checkboxLabel(row.original, index)}
            limitNoteId={props.limitNoteId}
            onToggle={props.onToggle}
            style={props.rowStyle?.(row.original)}
            onRowClick={props.onRowClick}
          />
        );
      })}
      <Spacer height={window.paddingBottom} columnCount={columnCount} />
    </tbody>
  );
}
