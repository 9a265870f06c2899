import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_INSTALMENTS, nthDueDate, planSchedule } from './payment-plan.ts';

describe('nthDueDate', () => {
  it('keeps the day of the month, clamped to the month’s end, and comes back to it', () => {
    const dates = [0, 1, 2, 3, 12, 13].map((n) => nthDueDate('2026-01-31', 'MONTHLY', n));
    expect(dates).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2027-01-31', '2027-02-28']);
    expect(nthDueDate('2027-12-29', 'MONTHLY', 2)).toBe('2028-02-29');
  });

  it('steps weekly and every two weeks across months and years', () => {
    expect(nthDueDate('2026-12-24', 'WEEKLY', 2)).toBe('2027-01-07');
    expect(nthDueDate('2026-03-01', 'BIWEEKLY', 1)).toBe('2026-03-15');
  });
});

describe('planSchedule', () => {
  it('runs until paid with a smaller last instalment', () => {
    const s = planSchedule(
      { amountCents: 10_000, frequency: 'MONTHLY', firstDueDate: '2026-12-01', instalmentCount: null },
      25_050,
    );
    expect(s?.map((i) => i.amountCents)).toEqual([10_000, 10_000, 5_050]);
    expect(s?.map((i) => i.dueDate)).toEqual(['2026-12-01', '2027-01-01', '2027-02-01']);
  });

  it('a fixed count that does not cover the balance leaves the rest on the account', () => {
    const s = planSchedule(
      { amountCents: 10_000, frequency: 'WEEKLY', firstDueDate: '2026-12-01', instalmentCount: 2 },
      50_000,
    );
    expect(s?.map((i) => i.amountCents)).toEqual([10_000, 10_000]);
  });

  it('refuses a plan longer than the limit', () => {
    expect(
      planSchedule(
        { amountCents: 1, frequency: 'WEEKLY', firstDueDate: '2026-12-01', instalmentCount: null },
        MAX_INSTALMENTS + 1,
      ),
    ).toBeNull();
  });

  it('never plans more than the balance, and until-paid plans exactly the balance', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.option(fc.integer({ min: 1, max: MAX_INSTALMENTS }), { nil: null }),
        (amountCents, balanceCents, instalmentCount) => {
          const s = planSchedule(
            { amountCents, frequency: 'MONTHLY', firstDueDate: '2026-01-31', instalmentCount },
            balanceCents,
          );
          if (s === null) return;
          const total = s.reduce((sum, i) => sum + i.amountCents, 0);
          expect(total).toBeLessThanOrEqual(balanceCents);
          if (instalmentCount === null) expect(total).toBe(balanceCents);
          expect(s.every((i) => i.amountCents > 0 && i.amountCents <= amountCents)).toBe(true);
        },
      ),
    );
  });
});
