import { flexRender, type Row as TanStackRow } from '@tanstack/react-table';
import { memo, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import classes from './data-table.module.css';

export interface DataTableRowProps<Row> {
  row: TanStackRow<Row>;
  /** 1-based position among all rows of the table, header included (aria-rowindex). */
  ariaRowIndex: number;
  alignments: readonly ('left' | 'center' | 'right')[];
  selectable: boolean;
  selected: boolean;
  selectionBlocked: boolean;
  maxSelectable: number;
  checkboxLabel: string;
  /** Id of the note that says why a checkbox is disabled. */
  limitNoteId: string;
  onToggle: (rowId: string) => void;
  style: CSSProperties | undefined;
  onRowClick: ((row: Row) => void) | undefined;
}

function stop(event: MouseEvent) {
  event.stopPropagation();
}

function DataTableRowInner<Row>(props: DataTableRowProps<Row>) {
  const { row, ariaRowIndex, alignments, selectable, selected, selectionBlocked, maxSelectable } = props;
  const { checkboxLabel, limitNoteId, onToggle, style, onRowClick } = props;
  const clickable = onRowClick !== undefined;
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (clickable && event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      onRowClick(row.original);
    }
  };
  return (
    <tr
      className={classes.row}
      style={style}
      aria-rowindex={ariaRowIndex}
      data-selected={selected || undefined}
      data-clickable={clickable || undefined}
      tabIndex={clickable ? 0 : undefined}
      onClick={clickable ? () => onRowClick(row.original) : undefined}
      onKeyDown={clickable ? onKeyDown : undefined}
    >
      {selectable && (
        <td className={classes.checkboxCell} onClick={stop}>
          {/* A native checkbox and title: a themed checkbox and tooltip per row cost more than the
              rest of the row, and a full window of rows renders in one frame. A disabled input gets
              no pointer events, so the title sits on a wrapper. */}
          <span
            className={classes.checkboxWrap}
            title={selectionBlocked ? `You can select up to ${maxSelectable} rows` : undefined}
          >
            <input
              type="checkbox"
              className={classes.checkbox}
              aria-label={checkboxLabel}
              aria-describedby={selectionBlocked ? limitNoteId : undefined}
              checked={selected}
              disabled={selectionBlocked}
              onChange={() => onToggle(row.id)}
            />
          </span>
        </td>
      )}
      {row.getVisibleCells().map((cell, i) => (
        <td key={cell.id} className={classes.cell} style={{ textAlign: alignments[i] }}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
    </tr>
  );
}

/**
 * TanStack rebuilds row objects whenever the window of visible rows moves; a row still showing the
 * same record with the same props is not rendered again.
 */
function sameRow<Row>(a: DataTableRowProps<Row>, b: DataTableRowProps<Row>): boolean {
  for (const key of Object.keys(b) as (keyof DataTableRowProps<Row>)[]) {
    if (key === 'row') {
      if (a.row.id !== b.row.id || a.row.original !== b.row.original) return false;
    } else if (!Object.is(a[key], b[key])) {
      return false;
    }
  }
  return true;
}

export const DataTableRow = memo(DataTableRowInner, sameRow) as typeof DataTableRowInner;
