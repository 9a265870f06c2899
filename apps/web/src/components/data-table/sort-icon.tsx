import { ChevronDownIcon, ChevronsUpDownIcon, ChevronUpIcon } from '../icons.tsx';
import classes from './data-table.module.css';

interface SortIconProps {
  direction: false | 'asc' | 'desc';
}

/** Up/down chevrons; the active direction is filled in with the accent colour. */
export function SortIcon({ direction }: SortIconProps) {
  const Glyph = direction === 'asc' ? ChevronUpIcon : direction === 'desc' ? ChevronDownIcon : ChevronsUpDownIcon;
  return <Glyph size={14} className={classes.sortIcon} data-active={direction ? '' : undefined} />;
}
