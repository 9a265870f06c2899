import type { AttorneySummary } from '@casedesk/contract/attorneys/attorney-list';
import type { TableSort } from '@/components/data-table/data-table-types.ts';

/** Attorneys whose name, email, office, law type or jurisdiction contain every typed word (any case). */
export function matchingAttorneys(items: readonly AttorneySummary[], keyword: string): AttorneySummary[] {
  const words = keyword.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((a) => {
    const text = [a.name, a.email, a.officeName, a.lawType, a.jurisdiction].filter(Boolean).join(' ').toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

type SortKey = 'name' | 'officeName' | 'lawType' | 'jurisdiction' | 'isLitigation' | 'scheduleEntries';
const SORT_KEYS: readonly string[] = [
  'name',
  'officeName',
  'lawType',
  'jurisdiction',
  'isLitigation',
  'scheduleEntries',
];

const valueOf = (a: AttorneySummary, key: SortKey): string | number =>
  key === 'isLitigation' ? Number(a.isLitigation) : key === 'scheduleEntries' ? a.scheduleEntries : (a[key] ?? '');

/** The whole list is loaded, so the table sorts it here; the server's order (by name) breaks ties. */
export function sortedAttorneys(items: readonly AttorneySummary[], sort: TableSort | null): AttorneySummary[] {
  if (!sort || !SORT_KEYS.includes(sort.sortBy)) return [...items];
  const key = sort.sortBy as SortKey;
  const direction = sort.sortOrder === 'DESC' ? -1 : 1;
  return items
    .map((item, position) => ({ item, position }))
    .sort((a, b) => {
      const x = valueOf(a.item, key);
      const y = valueOf(b.item, key);
      const order =
        typeof x === 'number' && typeof y === 'number'
          ? x - y
          : String(x).localeCompare(String(y), undefined, { sensitivity: 'base' });
      return order * direction || a.position - b.position;
    })
    .map(({ item }) => item);
}
