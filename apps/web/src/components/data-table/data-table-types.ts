import type { CSSProperties, ReactNode } from 'react';
import type { SORT_ORDERS } from '@casedesk/contract/common/paging';

export type SortOrder = (typeof SORT_ORDERS)[number];

/** What the server sorts by (SPEC §4: sort emits sortBy and sortOrder); null means no sort. */
export interface TableSort {
  sortBy: string;
  sortOrder: SortOrder;
}

/** How a cell value is shown when the column has no `cell` of its own. */
export type ColumnKind = 'text' | 'number' | 'phone' | 'cents' | 'date' | 'dateTime';

export interface DataTableColumn<Row> {
  id: string;
  header: string;
  /** The cell value; defaults to `row[id]`. */
  accessor?: (row: Row) => unknown;
  /** Custom rendering; wins over `kind`. */
  cell?: (row: Row) => ReactNode;
  kind?: ColumnKind;
  sortable?: boolean;
  /** The server's sortBy for this column when it differs from `id`. */
  sortKey?: string;
  /** Width in px (the table uses a fixed layout so virtualized rows never shift); unset columns share the rest. */
  width?: number;
  align?: 'left' | 'center' | 'right';
}

/** Values of the totals row by column id: numbers are formatted with the column's kind. */
export type TableTotals = Partial<Record<string, ReactNode>>;

export interface DataTableProps<Row> {
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  getRowId: (row: Row) => string;
  /** Rows across all pages (the server's totalCount); defaults to `rows.length`. */
  totalCount?: number;
  /** The server stopped counting at totalCount: there are more rows ("1–100 of 1,000+"). */
  totalCountIsLowerBound?: boolean;
  totals?: TableTotals;
  loading?: boolean;
  /** Controlled sort; omitted, the table keeps it (in local storage when `pageName` is set). */
  sort?: TableSort | null;
  onSortChange?: (sort: TableSort | null) => void;
  pageNumber?: number;
  onPageChange?: (pageNumber: number) => void;
  pageSize?: number;
  onPageSizeChange?: (pageSize: number) => void;
  /** Hides the pagination bar (for tables that show everything they get). */
  withPagination?: boolean;
  selectable?: boolean;
  /** SPEC §2/§9: default 5. */
  maxSelectable?: number;
  selectedIds?: readonly string[];
  onSelectionChange?: (ids: string[]) => void;
  /** Accessible name of a row's checkbox; defaults to "Select row N". */
  getRowLabel?: (row: Row) => string;
  /** Row colours (SPEC §4); return shared style objects so rows that did not change skip re-rendering. */
  rowStyle?: (row: Row) => CSSProperties | undefined;
  onRowClick?: (row: Row) => void;
  emptyState?: ReactNode;
  /** SPEC §2 page names: their page size and sort are remembered per page. */
  pageName?: TablePageName;
  /** Accessible name of the table. */
  label?: string;
  /** Height limit of the scrolling body (the header stays visible); any CSS length. */
  maxHeight?: number | string;
}

/** SPEC §2: the table pages whose page size and sort are remembered. */
export const TABLE_PAGE_NAMES = ['appointments', 'leads', 'calls', 'allAccounts'] as const;
export type TablePageName = (typeof TABLE_PAGE_NAMES)[number];
