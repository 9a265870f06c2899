import { describe, expect, it } from 'vitest';
import { utcDaysOf } from './day-counts.repository.ts';

describe('utcDaysOf', () => {
  it('reads every UTC day whole when the boundaries fall on UTC midnight', () => {
    const from = new Date('2026-01-01T00:00:00Z');
    const to = new Date('2026-03-01T00:00:00Z');
    expect(utcDaysOf({ from, to }, [from, new Date('2026-02-01T00:00:00Z'), to])).toEqual({
      first: '2026-01-01',
      end: '2026-03-01',
      split: [],
    });
  });

  it('reads the days a zone’s month starts cut row by row, each once, and covers the last partial day', () => {
    // America/Los_Angeles: months start at 08:00 UTC, or 07:00 in summer time.
    const from = new Date('2026-02-01T08:00:00Z');
    const march = new Date('2026-03-01T08:00:00Z');
    const to = new Date('2026-04-01T07:00:00Z');
    expect(utcDaysOf({ from, to }, [from, march, march, to])).toEqual({
      first: '2026-02-01',
      end: '2026-04-02',
      split: ['2026-02-01', '2026-03-01', '2026-04-01'],
    });
  });
});
