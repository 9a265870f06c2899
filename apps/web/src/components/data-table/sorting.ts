import type { SortingState } from '@tanstack/react-table';
import type { DataTableColumn, TableSort } from './data-table-types.ts';

/** The server's sortBy of a column. */
export function sortKeyOf<Row>(column: DataTableColumn<Row>): string {
  return column.sortKey ?? column.id;
}

/** Our sort as TanStack Table's sorting state (one column at most). */
export function toSortingState<Row>(sort: TableSort | null, columns: readonly DataTableColumn<Row>[]): SortingState {
  if (!sort) return [];
  const column = columns.find((c) => sortKeyOf(c) === sort.sortBy);
  return column ? [{ id: column.id, desc: sort.sortOrder === 'DESC' }] : [];
}

/** TanStack Table's sorting state as the sortBy/sortOrder the server takes (SPEC §4). */
export function fromSortingState<Row>(
  sorting: SortingState,
  columns: readonly DataTableColumn<Row>[],
): TableSort | null {
  const first = sorting[0];
  if (!first) return null;
  const column = columns.find((c) => c.id === first.id);
  if (!column) return null;
  return { sortBy: sortKeyOf(column), sortOrder: first.desc ? 'DESC' : 'ASC' };
}
