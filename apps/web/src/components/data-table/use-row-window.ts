import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo } from 'react';

/** Dense fixed row height in px; the CSS module gives rows the same height. */
export const ROW_HEIGHT = 36;
/** Pages up to this many rows render every row; longer ones (page size "All") are virtualized. */
export const VIRTUALIZE_ABOVE = 100;
/** Rows rendered beyond each edge of the visible window, so fast scrolling shows no blank band. */
const OVERSCAN = 12;

export interface RowWindow<Row> {
  /** The rows to render: all of a normal page, the visible window (plus overscan) of a long one. */
  rows: readonly Row[];
  /** Index of `rows[0]` in the page. */
  start: number;
  paddingTop: number;
  paddingBottom: number;
}

/**
 * The window of rows in view. Only these rows reach TanStack Table: building its row model costs
 * about 10 µs a row, half a second for 50,000 rows, on every sort (budget: repaint ≤ 200 ms).
 */
export function useRowWindow<Row>(
  rows: readonly Row[],
  scrollElement: HTMLElement | null,
  enabled: boolean,
): RowWindow<Row> {
  const virtualize = enabled && rows.length > VIRTUALIZE_ABOVE;
  // No React Compiler in this build; the virtualizer re-renders its host on scroll itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    enabled: virtualize,
    getScrollElement: () => scrollElement,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const items = virtualize ? virtualizer.getVirtualItems() : [];
  const first = items[0];
  const last = items[items.length - 1];
  const start = virtualize ? (first?.index ?? 0) : 0;
  const end = virtualize ? (last ? last.index + 1 : 0) : rows.length;
  const windowRows = useMemo(
    () => (start === 0 && end === rows.length ? rows : rows.slice(start, end)),
    [rows, start, end],
  );
  return {
    rows: windowRows,
    start,
    paddingTop: first ? first.start : 0,
    paddingBottom: virtualize ? virtualizer.getTotalSize() - (last ? last.end : 0) : 0,
  };
}
