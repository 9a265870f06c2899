import type { DataTableColumn, TableTotals } from './data-table-types.ts';
import { alignOf, formatValue } from './format-cell.ts';
import classes from './data-table.module.css';

interface DataTableTotalsProps<Row> {
  columns: readonly DataTableColumn<Row>[];
  totals: TableTotals;
  selectable: boolean;
  ariaRowIndex: number;
}

/**
 * The totals row, under its columns and kept in view at the bottom of the scrolling body. Numbers
 * are shown like the column's cells (cents with two decimals); the first column without a total
 * carries the "Total" label.
 */
export function DataTableTotals<Row>({ columns, totals, selectable, ariaRowIndex }: DataTableTotalsProps<Row>) {
  const labelColumn = columns.find((c) => totals[c.id] === undefined)?.id;
  return (
    <tfoot>
      <tr className={classes.totals} aria-rowindex={ariaRowIndex} data-testid="data-table-totals">
        {selectable && <td />}
        {columns.map((column) => {
          const value = totals[column.id];
          const shown =
            column.id === labelColumn
              ? 'Total'
              : typeof value === 'number'
                ? formatValue(value, column.kind === 'cents' ? 'cents' : 'number')
                : value;
          return (
            <td key={column.id} style={{ textAlign: alignOf(column) }}>
              {shown}
            </td>
          );
        })}
      </tr>
    </tfoot>
  );
}
