import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@casedesk/contract/common/paging';
import type { DataTableProps, TableSort } from './data-table-types.ts';
import { useTablePreferences } from './use-table-preferences.ts';

type StateProps<Row> = Pick<
  DataTableProps<Row>,
  'sort' | 'onSortChange' | 'pageNumber' | 'onPageChange' | 'pageSize' | 'onPageSizeChange' | 'pageName'
>;

export interface DataTableState {
  sort: TableSort | null;
  pageNumber: number;
  pageSize: number;
  changeSort: (sort: TableSort | null) => void;
  changePage: (pageNumber: number) => void;
  changePageSize: (pageSize: number) => void;
}

/**
 * Sort, page and page size: a prop wins (controlled), then the remembered value of the page name,
 * then the table's own state. Changes are always reported, and remembered for named pages.
 * A new sort or page size goes back to page 1: the server re-sorts the whole list.
 */
export function useDataTableState<Row>(props: StateProps<Row>): DataTableState {
  const prefs = useTablePreferences(props.pageName);
  const [ownSort, setOwnSort] = useState<TableSort | null>(null);
  const [ownPage, setOwnPage] = useState(1);
  const [ownPageSize, setOwnPageSize] = useState(DEFAULT_PAGE_SIZE);

  const sort = props.sort !== undefined ? props.sort : props.pageName ? prefs.sort : ownSort;
  const pageSize = props.pageSize ?? (props.pageName ? prefs.pageSize : ownPageSize);
  const pageNumber = props.pageNumber ?? ownPage;

  const changePage = (next: number) => {
    setOwnPage(next);
    if (next !== pageNumber) props.onPageChange?.(next);
  };
  const changeSort = (next: TableSort | null) => {
    setOwnSort(next);
    if (props.pageName) prefs.setSort(next);
    props.onSortChange?.(next);
    changePage(1);
  };
  const changePageSize = (next: number) => {
    setOwnPageSize(next);
    if (props.pageName) prefs.setPageSize(next);
    props.onPageSizeChange?.(next);
    changePage(1);
  };
  return { sort, pageNumber, pageSize, changeSort, changePage, changePageSize };
}
