import type { TableSort } from '../data-table-types.ts';

export interface DemoRow {
  id: string;
  name: string;
  phone: string;
  amountCents: number;
  date: string;
}

export type DemoSortKey = 'name' | 'phone' | 'amountCents' | 'date';

const FIRST = ['Ana', 'Ben', 'Carla', 'Dev', 'Elena', 'Farid', 'Grace', 'Hugo', 'Iris', 'Jon', 'Kemal', 'Lena'];
const LAST = ['Alvarez', 'Brooks', 'Chen', 'Diaz', 'Evans', 'Fischer', 'Garcia', 'Hughes', 'Ito', 'Jones', 'Khan'];
const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2020, 0, 1);

/** mulberry32: a tiny seeded generator, so every browser builds the same rows. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateDemoRows(count: number, seed = 42): DemoRow[] {
  const random = seeded(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  return Array.from({ length: count }, (_, i) => ({
    id: `r${i + 1}`,
    name: `${pick(FIRST)} ${pick(LAST)} ${i + 1}`,
    phone: `${200 + Math.floor(random() * 800)}${String(Math.floor(random() * 10_000_000)).padStart(7, '0')}`,
    amountCents: Math.floor(random() * 10_000_000),
    date: new Date(FIRST_DAY + Math.floor(random() * 5 * 365) * DAY_MS).toISOString().slice(0, 10),
  }));
}

/**
 * Sorts the demo rows in memory the way the server would: each column's sort keys are extracted
 * once (the precomputed comparator), then every click sorts the row indexes by them afresh.
 */
export function createDemoSorter(rows: readonly DemoRow[]) {
  const comparators = new Map<DemoSortKey, (a: number, b: number) => number>();

  function comparatorFor(key: DemoSortKey): (a: number, b: number) => number {
    const cached = comparators.get(key);
    if (cached) return cached;
    let compare: (a: number, b: number) => number;
    if (key === 'amountCents') {
      const keys = Float64Array.from(rows, (r) => r.amountCents);
      compare = (a, b) => keys[a]! - keys[b]! || a - b;
    } else {
      const keys = rows.map((r) => (key === 'name' ? r.name.toLowerCase() : r[key]));
      compare = (a, b) => {
        const x = keys[a]!;
        const y = keys[b]!;
        return x < y ? -1 : x > y ? 1 : a - b;
      };
    }
    comparators.set(key, compare);
    return compare;
  }

  return function sortRows(sort: TableSort | null): readonly DemoRow[] {
    if (!sort) return rows;
    const compare = comparatorFor(sort.sortBy as DemoSortKey);
    const order = Uint32Array.from(rows, (_, i) => i);
    order.sort(sort.sortOrder === 'DESC' ? (a, b) => compare(b, a) : compare);
    return Array.from(order, (i) => rows[i]!);
  };
}
