import { useCallback, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, SORT_ORDERS } from '@casedesk/contract/common/paging';
import type { TablePageName, TableSort } from './data-table-types.ts';

export interface TablePreferences {
  pageSize: number;
  sort: TableSort | null;
}

const storedSchema = z.object({
  pageSize: z
    .number()
    .refine((n) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(n))
    .optional()
    .catch(undefined),
  sort: z
    .object({ sortBy: z.string().min(1).max(64), sortOrder: z.enum(SORT_ORDERS) })
    .nullable()
    .optional()
    .catch(undefined),
});
type Stored = z.infer<typeof storedSchema>;

/** One local-storage entry per SPEC §2 page name. */
export function preferencesKey(pageName: TablePageName): string {
  return `casedesk.table.${pageName}`;
}

const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; value: Stored }>();

function readStored(key: string): Stored {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(key);
  } catch {
    // Storage can be unavailable (privacy modes); preferences then last for the page's life only.
  }
  const cached = cache.get(key);
  if (cached && cached.raw === raw) return cached.value;
  let value: Stored = {};
  try {
    if (raw) value = storedSchema.parse(JSON.parse(raw));
  } catch {
    value = {};
  }
  cache.set(key, { raw, value });
  return value;
}

function writeStored(key: string, patch: Stored): void {
  const next = { ...readStored(key), ...patch };
  try {
    window.localStorage.setItem(key, JSON.stringify(next));
  } catch {
    cache.set(key, { raw: null, value: next });
  }
  listeners.forEach((notify) => notify());
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  window.addEventListener('storage', notify);
  return () => {
    listeners.delete(notify);
    window.removeEventListener('storage', notify);
  };
}

const EMPTY: Stored = {};

export interface TablePreferencesState extends TablePreferences {
  setPageSize: (pageSize: number) => void;
  setSort: (sort: TableSort | null) => void;
}

/**
 * Page size and sort of a named table page (SPEC §2), kept in local storage. Every component
 * reading the same page name sees the same values, so a page can fetch with them while its
 * DataTable changes them. Without a page name nothing is stored and the defaults are returned.
 */
export function useTablePreferences(
  pageName: TablePageName | undefined,
  defaults: Partial<TablePreferences> = {},
): TablePreferencesState {
  const key = pageName ? preferencesKey(pageName) : null;
  const stored = useSyncExternalStore(
    subscribe,
    () => (key ? readStored(key) : EMPTY),
    () => EMPTY,
  );
  const setPageSize = useCallback(
    (pageSize: number) => {
      if (key) writeStored(key, { pageSize });
    },
    [key],
  );
  const setSort = useCallback(
    (sort: TableSort | null) => {
      if (key) writeStored(key, { sort });
    },
    [key],
  );
  return {
    pageSize: stored.pageSize ?? defaults.pageSize ?? DEFAULT_PAGE_SIZE,
    sort: stored.sort === undefined ? (defaults.sort ?? null) : stored.sort,
    setPageSize,
    setSort,
  };
}
