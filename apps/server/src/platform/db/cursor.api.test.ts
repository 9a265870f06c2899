import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { openDatabase } from './database.ts';
import { selectInChunks } from './select-in-chunks.ts';

/*
 * Long lists read from a server-side cursor (SPEC §2 "All"): on PostgreSQL one pooled connection is held
 * for the read and given back however it ends; on PGlite the cursor lives outside a transaction, so other
 * statements run between its chunks. One connection in the pool: a connection not given back would hang
 * the next statement.
 */
let database: Database;
beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  database = await openDatabase(url ? { databaseUrl: url, poolSize: 1 } : {});
});
afterAll(async () => database?.close());

async function collect<T>(chunks: AsyncIterable<T[]>): Promise<T[][]> {
  const read: T[][] = [];
  for await (const chunk of chunks) read.push(chunk);
  return read;
}

const series = (n: number) =>
  database.db
    .select({
      n: sql<number>`g`.mapWith(Number),
      day: sql<Date>`timestamptz '2026-01-01 00:00:00Z' + g * interval '1 day'`.mapWith((v: string) => new Date(v)),
      label: sql<string>`'row ' || g`,
    })
    .from(sql`generate_series(1, ${n}::int) g`)
    .orderBy(sql`g`);

describe('reading a list from a cursor', () => {
  it('gives every row, a chunk at a time, decoded as Drizzle decodes the same select', async () => {
    const query = series(7);
    const chunked = await collect(selectInChunks(database, query, query._.selectedFields, 3));
    expect(chunked.map((chunk) => chunk.length)).toEqual([3, 3, 1]);
    expect(chunked.flat()).toEqual(await series(7));
    expect(chunked[0]![0]).toEqual({ n: 1, day: new Date('2026-01-02T00:00:00Z'), label: 'row 1' });
  });

  it('an empty result is no chunk at all', async () => {
    const query = series(0);
    expect(await collect(selectInChunks(database, query, query._.selectedFields, 3))).toEqual([]);
  });

  it('stopping early closes the cursor and gives the connection back', async () => {
    for await (const chunk of database.cursor('select g from generate_series(1, 100) g', [], 10)) {
      expect(chunk).toHaveLength(10);
      break;
    }
    const [open] = await database.query<{ n: number }>(
      "select count(*)::int as n from pg_cursors where left(name, 5) = 'list_'",
    );
    expect(open!.n).toBe(0);
  });

  it('a failing read is an error for its reader, and the connection serves the next statement', async () => {
    const failing = database.cursor('select 1 / (g - 3) from generate_series(1, 5) g', [], 1);
    await expect(collect(failing)).rejects.toMatchObject({ code: '22012' });
    expect(await database.query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it.skipIf(!!process.env.DATABASE_URL)('PGlite: other statements run between the chunks', async () => {
    const reads: string[] = [];
    const list = (async () => {
      for await (const chunk of database.cursor('select g from generate_series(1, 5) g', [], 1)) {
        reads.push(`chunk ${String(chunk[0]![0])}`);
      }
    })();
    const other = database.query('select 1').then(() => reads.push('other'));
    await Promise.all([list, other]);
    expect(reads.indexOf('other')).toBeGreaterThan(-1);
    expect(reads.indexOf('other')).toBeLessThan(reads.length - 1);
  });
});
