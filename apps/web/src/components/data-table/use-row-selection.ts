import type { RowSelectionState, Updater } from '@tanstack/react-table';
import { useMemo, useState } from 'react';

/** SPEC §2/§9: table max selectable default 5. */
export const DEFAULT_MAX_SELECTABLE = 5;

interface RowSelectionOptions {
  selectedIds: readonly string[] | undefined;
  onSelectionChange: ((ids: string[]) => void) | undefined;
  maxSelectable: number;
}

export interface RowSelection {
  selectedSet: ReadonlySet<string>;
  rowSelection: RowSelectionState;
  canSelect: (id: string) => boolean;
  onRowSelectionChange: (updater: Updater<RowSelectionState>) => void;
}

/**
 * Selected row ids (kept across pages and sorts), controlled or the table's own. A change that
 * would go past the maximum is refused, whatever asked for it.
 */
export function useRowSelection({ selectedIds, onSelectionChange, maxSelectable }: RowSelectionOptions): RowSelection {
  const [ownIds, setOwnIds] = useState<readonly string[]>([]);
  const ids = selectedIds ?? ownIds;
  const { selectedSet, rowSelection } = useMemo(() => {
    const set = new Set(ids);
    return { selectedSet: set, rowSelection: Object.fromEntries(ids.map((id) => [id, true])) as RowSelectionState };
  }, [ids]);

  const onRowSelectionChange = (updater: Updater<RowSelectionState>) => {
    const next = typeof updater === 'function' ? updater(rowSelection) : updater;
    const nextIds = Object.keys(next).filter((id) => next[id]);
    if (nextIds.length > maxSelectable) return;
    // Keep the order rows were picked in.
    const ordered = [...ids.filter((id) => next[id]), ...nextIds.filter((id) => !selectedSet.has(id))];
    setOwnIds(ordered);
    onSelectionChange?.(ordered);
  };
  const canSelect = (id: string) => selectedSet.has(id) || selectedSet.size < maxSelectable;
  return { selectedSet, rowSelection, canSelect, onRowSelectionChange };
}
