import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAGE_SIZE_ALL } from '@casedesk/contract/common/paging';
import { MAX_PAGE_NUMBERS, pageItems, totalPagesOf } from './page-items.ts';

const E = 'ellipsis-start';
const F = 'ellipsis-end';

describe('pageItems (SPEC §9: up to 5 page numbers with ellipsis)', () => {
  it.each([
    [1, 1, [1]],
    [2, 5, [1, 2, 3, 4, 5]],
    [1, 20, [1, 2, 3, 4, F, 20]],
    [3, 20, [1, 2, 3, 4, F, 20]],
    [4, 20, [1, E, 3, 4, 5, F, 20]],
    [10, 20, [1, E, 9, 10, 11, F, 20]],
    [18, 20, [1, E, 17, 18, 19, 20]],
    [20, 20, [1, E, 17, 18, 19, 20]],
    [3, 6, [1, 2, 3, 4, F, 6]],
    [4, 6, [1, E, 3, 4, 5, 6]],
  ])('page %d of %d', (current, total, expected) => expect(pageItems(current, total)).toEqual(expected));

  it('clamps a page outside the range', () => {
    expect(pageItems(0, 3)).toEqual([1, 2, 3]);
    expect(pageItems(99, 20)).toEqual(pageItems(20, 20));
    expect(pageItems(1, 0)).toEqual([1]);
  });

  it('shows at most 5 ascending numbers, always the first, the last and the current page (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 100_000 }), (a, b) => {
        const total = Math.max(a, b);
        const current = Math.min(a, b);
        const numbers = pageItems(current, total).filter((i): i is number => typeof i === 'number');
        expect(numbers.length).toBe(Math.min(total, MAX_PAGE_NUMBERS));
        expect(numbers).toContain(1);
        expect(numbers).toContain(total);
        expect(numbers).toContain(current);
        numbers.slice(1).forEach((n, i) => expect(n).toBeGreaterThan(numbers[i]!));
      }),
    );
  });

  it('puts an ellipsis exactly where pages are left out (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 5_000 }), (a, b) => {
        const items = pageItems(Math.min(a, b), Math.max(a, b));
        items.forEach((item, i) => {
          if (typeof item !== 'number') return;
          const next = items[i + 1];
          if (next === undefined) return;
          if (typeof next === 'number') expect(next).toBe(item + 1);
          else expect(items[i + 2] as number).toBeGreaterThan(item + 1);
        });
      }),
    );
  });
});

describe('totalPagesOf', () => {
  it('is a single page for "All" and for an empty list', () => {
    expect(totalPagesOf(50_000, PAGE_SIZE_ALL)).toBe(1);
    expect(totalPagesOf(0, 100)).toBe(1);
    expect(totalPagesOf(101, 100)).toBe(2);
    expect(totalPagesOf(1000, 10)).toBe(100);
  });

  it('offers one page more when the total is only a lower bound, but "All" stays one page', () => {
    expect(totalPagesOf(1000, 100, true)).toBe(11);
    expect(totalPagesOf(1000, PAGE_SIZE_ALL, true)).toBe(1);
  });
});
