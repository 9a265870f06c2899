import { describe, expect, it } from 'vitest';
import type { TableActivity } from './embedded-maintenance.ts';
import { upkeepDue } from './embedded-maintenance.ts';

const quiet: TableActivity = {
  table: 'public.t',
  rows: 10_000,
  deadRows: 0,
  insertedSinceVacuum: 0,
  modifiedSinceAnalyze: 0,
};

describe("upkeepDue: PostgreSQL's default autovacuum thresholds", () => {
  it('leaves a quiet table alone', () => {
    expect(upkeepDue(quiet)).toBeUndefined();
  });

  it('vacuums past 50 + 20 % of the rows dead, not at it', () => {
    expect(upkeepDue({ ...quiet, deadRows: 2050, modifiedSinceAnalyze: 2050 })).toBe('analyze');
    expect(upkeepDue({ ...quiet, deadRows: 2051, modifiedSinceAnalyze: 2051 })).toBe('vacuum analyze');
  });

  it('vacuums past 1,000 + 20 % of the rows inserted (so the visibility map covers new rows)', () => {
    expect(upkeepDue({ ...quiet, insertedSinceVacuum: 3000 })).toBeUndefined();
    expect(upkeepDue({ ...quiet, insertedSinceVacuum: 3001 })).toBe('vacuum analyze');
  });

  it('analyzes past 50 + 10 % of the rows changed', () => {
    expect(upkeepDue({ ...quiet, modifiedSinceAnalyze: 1050 })).toBeUndefined();
    expect(upkeepDue({ ...quiet, modifiedSinceAnalyze: 1051 })).toBe('analyze');
  });

  it('counts a table never analyzed (reltuples -1) as empty', () => {
    expect(upkeepDue({ ...quiet, rows: -1, modifiedSinceAnalyze: 51 })).toBe('analyze');
    expect(upkeepDue({ ...quiet, rows: -1, insertedSinceVacuum: 1001 })).toBe('vacuum analyze');
  });
});
