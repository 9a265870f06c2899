import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nthDueDate, PAYMENT_GRACE_DAYS, PLAN_FREQUENCIES, REMINDER_DAYS_BEFORE } from './payment-plan.ts';
import {
  addDays,
  allocatePayments,
  changeSplit,
  daysBetween,
  instalmentStatus,
  isPastGrace,
  keptBy,
  pauseStartAllowed,
  promiseKeptRate,
  reminderWindow,
  schedulePosition,
  shiftAfterPause,
} from './payment-plan-rules.ts';

describe('days', () => {
  it('adds days across months, leap days and years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
  });
});

describe('allocatePayments', () => {
  it('pays the oldest instalment first, leaving a part-paid one and nothing after it', () => {
    expect(allocatePayments([100, 100, 100], 150)).toEqual([100, 50, 0]);
    expect(allocatePayments([100, 50], 500)).toEqual([100, 50]);
    expect(allocatePayments([100], -20)).toEqual([0]);
  });

  it('never allocates more than was paid, nor more than an instalment', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 100_000 }), { maxLength: 30 }), fc.integer(), (amounts, paid) => {
        const out = allocatePayments(amounts, paid);
        const sum = out.reduce((s, p) => s + p, 0);
        expect(sum).toBe(
          Math.min(
            Math.max(0, paid),
            amounts.reduce((s, a) => s + a, 0),
          ),
        );
        out.forEach((p, i) => expect(p).toBeLessThanOrEqual(amounts[i]!));
        // Oldest first: an instalment is paid at all only when every earlier one is paid in full.
        out.forEach((p, i) => {
          if (p > 0) out.slice(0, i).forEach((q, j) => expect(q).toBe(amounts[j]));
        });
      }),
    );
  });
});

describe('instalmentStatus', () => {
  it('is PAID when covered, whatever was marked; else what the plan marked', () => {
    expect(instalmentStatus({ amountCents: 100, paidCents: 100, marked: 'MISSED' })).toBe('PAID');
    expect(instalmentStatus({ amountCents: 100, paidCents: 99, marked: 'MISSED' })).toBe('MISSED');
    expect(instalmentStatus({ amountCents: 100, paidCents: 0, marked: 'PAUSED' })).toBe('PAUSED');
    expect(instalmentStatus({ amountCents: 100, paidCents: 0, marked: 'DUE' })).toBe('DUE');
  });
});

describe('grace and reminders', () => {
  it('an instalment is missed only once its grace has passed, and kept when paid by then', () => {
    expect(PAYMENT_GRACE_DAYS).toBe(2);
    expect(keptBy('2026-12-01')).toBe('2026-12-03');
    expect(isPastGrace('2026-12-01', '2026-12-03')).toBe(false);
    expect(isPastGrace('2026-12-01', '2026-12-04')).toBe(true);
  });

  it('reminds from today up to three days ahead', () => {
    expect(REMINDER_DAYS_BEFORE).toBe(3);
    expect(reminderWindow('2026-12-30')).toEqual({ from: '2026-12-30', to: '2027-01-02' });
  });
});

describe('pauseStartAllowed', () => {
  it('allows today and up to seven days back, in the office’s days', () => {
    expect(pauseStartAllowed('2026-03-10', '2026-03-10')).toBe(true);
    expect(pauseStartAllowed('2026-03-03', '2026-03-10')).toBe(true);
    expect(pauseStartAllowed('2026-03-02', '2026-03-10')).toBe(false);
    expect(pauseStartAllowed('2026-03-11', '2026-03-10')).toBe(false);
    // Across a month end and a leap day.
    expect(pauseStartAllowed('2028-02-24', '2028-03-02')).toBe(true);
    expect(pauseStartAllowed('2028-02-23', '2028-03-02')).toBe(false);
  });
});

describe('shiftAfterPause', () => {
  it('moves a monthly plan by the periods the pause covered, keeping the day of the month', () => {
    const terms = { firstDueDate: '2026-01-31', frequency: 'MONTHLY' as const };
    // Paused from Mar 10 to May 5: Mar 31 and Apr 30 fell inside it.
    expect(shiftAfterPause(terms, ['2026-03-31', '2026-04-30', '2026-05-31'], '2026-05-05')).toEqual([
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
    ]);
  });

  it('moves a weekly plan to the first due day on or after the resume day', () => {
    const terms = { firstDueDate: '2026-03-05', frequency: 'WEEKLY' as const };
    expect(shiftAfterPause(terms, ['2026-03-12', '2026-03-19', '2026-03-26'], '2026-03-24')).toEqual([
      '2026-03-26',
      '2026-04-02',
      '2026-04-09',
    ]);
  });

  it('moves nothing when nothing fell due during the pause', () => {
    const terms = { firstDueDate: '2026-03-05', frequency: 'BIWEEKLY' as const };
    expect(shiftAfterPause(terms, ['2026-04-02'], '2026-04-02')).toEqual(['2026-04-02']);
    expect(shiftAfterPause(terms, [], '2026-04-02')).toEqual([]);
  });

  it('leaves no instalment due inside the pause, keeps their order, their number and the rhythm', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PLAN_FREQUENCIES),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 120 }),
        (frequency, start, count, pauseDays) => {
          const first = '2026-01-29';
          const dates = Array.from({ length: count }, (_, i) => nthDueDate(first, frequency, start + i));
          const resumeDay = addDays(dates[0]!, pauseDays);
          const moved = shiftAfterPause({ firstDueDate: first, frequency }, dates, resumeDay);
          expect(moved).toHaveLength(count);
          expect(moved[0]! >= resumeDay).toBe(true);
          moved.forEach((d, i) => {
            expect(schedulePosition(first, frequency, d)).not.toBeNull();
            if (i > 0) expect(d > moved[i - 1]!).toBe(true);
          });
        },
      ),
    );
  });
});

describe('changeSplit', () => {
  it('keeps the paid and the missed, replaces the rest and numbers on from the highest seq kept', () => {
    const split = changeSplit([
      { seq: 1, status: 'PAID' as const },
      { seq: 2, status: 'MISSED' as const },
      { seq: 3, status: 'DUE' as const },
      { seq: 4, status: 'PAUSED' as const },
    ]);
    expect(split.keep.map((i) => i.seq)).toEqual([1, 2]);
    expect(split.replace.map((i) => i.seq)).toEqual([3, 4]);
    expect(split.nextSeq).toBe(3);
    expect(changeSplit([{ seq: 1, status: 'DUE' as const }]).nextSeq).toBe(1);
  });
});

describe('promiseKeptRate', () => {
  it('is kept over due, and null when nothing was due', () => {
    expect(promiseKeptRate(3, 4)).toBe(0.75);
    expect(promiseKeptRate(0, 0)).toBeNull();
  });
});
