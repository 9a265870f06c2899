import { describe, expect, it } from 'vitest';
import { createDemoSorter, generateDemoRows } from './demo-rows.ts';

describe('demo rows', () => {
  it('are the same on every build', () => {
    expect(generateDemoRows(50)).toEqual(generateDemoRows(50));
    expect(generateDemoRows(3).map((r) => r.id)).toEqual(['r1', 'r2', 'r3']);
    for (const row of generateDemoRows(200)) {
      expect(row.phone).toMatch(/^[2-9]\d{9}$/);
      expect(Number.isInteger(row.amountCents)).toBe(true);
      expect(row.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('sort ascending, descending and back to the generated order', () => {
    const rows = generateDemoRows(2000);
    const sortRows = createDemoSorter(rows);
    const amounts = sortRows({ sortBy: 'amountCents', sortOrder: 'ASC' }).map((r) => r.amountCents);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const names = sortRows({ sortBy: 'name', sortOrder: 'DESC' }).map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
    expect(sortRows(null)).toBe(rows);
  });
});
