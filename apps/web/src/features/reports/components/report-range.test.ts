import { describe, expect, it } from 'vitest';
import { otherCalls } from './call-summary-report.tsx';
import { isCompleteRange, lastDays, localDay } from './report-range.ts';

describe('report ranges', () => {
  it('the last 30 days end today, in local days', () => {
    const today = new Date(2026, 2, 10, 23, 30);
    expect(localDay(today)).toBe('2026-03-10');
    expect(lastDays(30, today)).toEqual({ dateFrom: '2026-02-09', dateTo: '2026-03-10' });
  });

  it('asks only for complete ranges in order', () => {
    expect(isCompleteRange({ dateFrom: '2026-03-01', dateTo: '2026-03-01' })).toBe(true);
    expect(isCompleteRange({ dateFrom: '', dateTo: '2026-03-01' })).toBe(false);
    expect(isCompleteRange({ dateFrom: '2026-03-02', dateTo: '2026-03-01' })).toBe(false);
  });

  it('calls neither answered nor missed are "other"', () => {
    expect(otherCalls({ total: 10, answered: 6, missed: 3 })).toBe(1);
    expect(otherCalls({ total: 0, answered: 0, missed: 0 })).toBe(0);
  });
});
