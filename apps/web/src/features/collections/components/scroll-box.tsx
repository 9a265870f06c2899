import type { ReactNode } from 'react';

interface ScrollBoxProps {
  /** Names the region: what scrolls. */
  label: string;
  maxHeight: number;
  children: ReactNode;
}

/**
 * A box that scrolls what does not fit, reachable from the keyboard (WCAG 2.1.1, as the DataTable's scroller):
 * a table of instalments longer than the panel keeps its header in view.
 */
export function ScrollBox({ label, maxHeight, children }: ScrollBoxProps) {
  return (
    <div role="region" aria-label={label} tabIndex={0} style={{ maxHeight, overflow: 'auto' }}>
      {children}
    </div>
  );
}
