import { useState } from 'react';
import type { SortOrder, TablePageName, TableSort } from '../data-table/data-table-types.ts';
import { useTablePreferences } from '../data-table/use-table-preferences.ts';

export interface ListPagingOptions<SortBy extends string> {
  /** The columns the server sorts by: a sort outside them (a stale remembered one) is not sent. */
  sorts: readonly SortBy[];
  /** SPEC §2 page name: its page size and sort are remembered in local storage. */
  pageName?: TablePageName;
  /** The page size until the user picks one; SPEC §9's 100 by default. */
  pageSize?: number;
}

/** The paging part of a list request. */
export interface ListPageRequest<SortBy extends string> {
  pageNumber: number;
  pageSize: number;
  sortBy?: SortBy;
  sortOrder?: SortOrder;
}

/** What a DataTable shows and changes: spread it on the table (`<DataTable {...list.table} …/>`). */
export interface ListTableBinding {
  sort: TableSort | null;
  onSortChange: (sort: TableSort | null) => void;
  pageNumber: number;
  onPageChange: (pageNumber: number) => void;
  pageSize: number;
  onPageSizeChange: (pageSize: number) => void;
}

export interface ListPaging<SortBy extends string> {
  /** Page, size and sort as the server takes them. */
  page: ListPageRequest<SortBy>;
  setPageNumber: (pageNumber: number) => void;
  table: ListTableBinding;
}

/**
 * Page number, page size and sort of a server-paged list. A named page (SPEC §2) keeps its size and sort
 * across visits; any other list keeps them while it is shown. A new sort or page size starts at page 1:
 * the server re-sorts the whole list.
 */
export function useListPaging<SortBy extends string>({
  sorts,
  pageName,
  pageSize: initialPageSize,
}: ListPagingOptions<SortBy>): ListPaging<SortBy> {
  const remembered = useTablePreferences(pageName, initialPageSize ? { pageSize: initialPageSize } : {});
  const [ownSort, setOwnSort] = useState<TableSort | null>(null);
  const [ownPageSize, setOwnPageSize] = useState(remembered.pageSize);
  const [pageNumber, setPageNumber] = useState(1);

  const sort = pageName ? remembered.sort : ownSort;
  const pageSize = pageName ? remembered.pageSize : ownPageSize;
  const sortBy = sorts.find((key) => key === sort?.sortBy);

  const changeSort = (next: TableSort | null) => {
    if (pageName) remembered.setSort(next);
    else setOwnSort(next);
    setPageNumber(1);
  };
  const changePageSize = (next: number) => {
    if (pageName) remembered.setPageSize(next);
    else setOwnPageSize(next);
    setPageNumber(1);
  };

  return {
    page: { pageNumber, pageSize, ...(sortBy && sort ? { sortBy, sortOrder: sort.sortOrder } : {}) },
    setPageNumber,
    table: {
      sort,
      onSortChange: changeSort,
      pageNumber,
      onPageChange: setPageNumber,
      pageSize,
      onPageSizeChange: changePageSize,
    },
  };
}
