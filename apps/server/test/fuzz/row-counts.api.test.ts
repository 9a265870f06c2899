import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/platform/db/database.ts';
import { openTestDatabase } from '../support/test-app.ts';
import { rowCounter } from './row-counts.ts';

/** The fuzz and object-scope suites trust this counter to see every row a refused request writes. */
const onPostgres = Boolean(process.env.DATABASE_URL);
let database: Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
  await database.query('CREATE TABLE counted_probe (id int)');
  await database.query('CREATE TABLE other_probe (id int)');
});
afterAll(async () => dispose?.());

describe('rowCounter', () => {
  it('sees a row written after a count it could skip, in a watched table', async () => {
    const count = rowCounter(database, ['counted_probe']);
    expect(await count()).toEqual({ counted_probe: 0 });
    // Nothing written since: the same counts (the snapshot has not moved).
    expect(await count()).toEqual({ counted_probe: 0 });
    await database.query('INSERT INTO counted_probe VALUES (1)');
    expect(await count()).toEqual({ counted_probe: 1 });
    await database.query('DELETE FROM counted_probe');
    expect(await count()).toEqual({ counted_probe: 0 });
  });

  it('counts again after a write elsewhere, and the answer stays right', async () => {
    const count = rowCounter(database, ['counted_probe']);
    const before = (await count()).counted_probe ?? 0;
    await database.query('INSERT INTO other_probe VALUES (1)');
    expect(await count()).toEqual({ counted_probe: before });
    await database.query('INSERT INTO counted_probe VALUES (2)');
    expect(await count()).toEqual({ counted_probe: before + 1 });
  });

  // PGlite has one connection: a count cannot run beside an open transaction there.
  it.runIf(onPostgres)('sees a row whose transaction wrote before a count and committed after it', async () => {
    const count = rowCounter(database, ['counted_probe']);
    const before = (await count()).counted_probe ?? 0;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO counted_probe VALUES (3)`);
      // A later transaction ends first: the snapshot's upper bound moves now, not when this one commits.
      await database.query('INSERT INTO other_probe VALUES (4)');
      expect(await count()).toEqual({ counted_probe: before });
    });
    expect(await count()).toEqual({ counted_probe: before + 1 });
  });

  it('hands out copies: a caller changing its counts does not change the next answer', async () => {
    const count = rowCounter(database, ['counted_probe']);
    const first = await count();
    first.counted_probe = 99;
    expect((await count()).counted_probe).not.toBe(99);
  });
});
