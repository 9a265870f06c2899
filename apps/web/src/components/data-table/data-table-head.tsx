import { Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { flexRender, type Header, type Table as TanStackTable } from '@tanstack/react-table';
import type { DataTableColumn } from './data-table-types.ts';
import { alignOf } from './format-cell.ts';
import { SortIcon } from './sort-icon.tsx';
import classes from './data-table.module.css';

interface DataTableHeadProps<Row> {
  table: TanStackTable<Row>;
  columnsById: ReadonlyMap<string, DataTableColumn<Row>>;
  selectable: boolean;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function HeadCell<Row>({ header, column }: { header: Header<Row, unknown>; column: DataTableColumn<Row> | undefined }) {
  const align = column ? alignOf(column) : 'left';
  const content = flexRender(header.column.columnDef.header, header.getContext());
  if (!header.column.getCanSort()) {
    return (
      <Table.Th className={classes.headCell} style={{ textAlign: align }} scope="col">
        {content}
      </Table.Th>
    );
  }
  const direction = header.column.getIsSorted();
  return (
    // SPEC §4: a sortable header is a button; aria-sort says the current order.
    <Table.Th
      className={classes.headCell}
      style={{ textAlign: align }}
      scope="col"
      aria-sort={direction ? ARIA_SORT[direction] : 'none'}
    >
      <UnstyledButton
        className={classes.sortButton}
        style={{ flexDirection: align === 'right' ? 'row-reverse' : 'row' }}
        onClick={header.column.getToggleSortingHandler()}
      >
        <span>{content}</span>
        <SortIcon direction={direction} />
      </UnstyledButton>
    </Table.Th>
  );
}

export function DataTableHead<Row>({ table, columnsById, selectable }: DataTableHeadProps<Row>) {
  return (
    <Table.Thead>
      {table.getHeaderGroups().map((group) => (
        <Table.Tr key={group.id} aria-rowindex={1}>
          {selectable && (
            <Table.Th className={classes.checkboxCell} scope="col">
              <VisuallyHidden>Select</VisuallyHidden>
            </Table.Th>
          )}
          {group.headers.map((header) => (
            <HeadCell key={header.id} header={header} column={columnsById.get(header.column.id)} />
          ))}
        </Table.Tr>
      ))}
    </Table.Thead>
  );
}
