import classes from './data-table.module.css';

interface SortIconProps {
  direction: false | 'asc' | 'desc';
}

/** Up/down chevrons; the active direction is filled in with the accent colour. */
export function SortIcon({ direction }: SortIconProps) {
  const path =
    direction === 'asc' ? 'M6 15l6-6 6 6' : direction === 'desc' ? 'M6 9l6 6 6-6' : 'M7 10l5-5 5 5M7 14l5 5 5-5';
  return (
    <svg
      className={classes.sortIcon}
      data-active={direction ? '' : undefined}
      width={14}
      height={14}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={path} />
    </svg>
  );
}
