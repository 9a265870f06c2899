import { PAGE_SIZE_ALL } from '@casedesk/contract/common/paging';

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/** SPEC §9: pagination shows up to 5 page numbers. */
export const MAX_PAGE_NUMBERS = 5;

/**
 * The page numbers to show, with ellipses where pages are left out. The first and last pages are
 * always shown, the current page and its neighbours in between:
 * 1 2 3 4 … 20 · 1 … 9 10 11 … 20 · 1 … 17 18 19 20.
 */
export function pageItems(current: number, totalPages: number): PageItem[] {
  const total = Math.max(1, Math.floor(totalPages));
  const page = Math.min(Math.max(1, Math.floor(current)), total);
  if (total <= MAX_PAGE_NUMBERS) return Array.from({ length: total }, (_, i) => i + 1);
  // Three numbers between the first and the last page; near an edge they slide along it.
  const middle = MAX_PAGE_NUMBERS - 2;
  const start = Math.min(Math.max(2, page - 1), total - middle);
  const end = start + middle - 1;
  const items: PageItem[] = [1];
  if (start > 2) items.push('ellipsis-start');
  for (let p = start; p <= end; p += 1) items.push(p);
  if (end < total - 1) items.push('ellipsis-end');
  items.push(total);
  return items;
}

/**
 * Pages of a list; "All" is a single page. When the total is only a lower bound (the server stopped
 * counting), one page more is offered: there are more rows, and the next page counts further.
 */
export function totalPagesOf(totalCount: number, pageSize: number, totalIsLowerBound = false): number {
  if (pageSize >= PAGE_SIZE_ALL || pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(totalCount / pageSize)) + (totalIsLowerBound ? 1 : 0);
}
