import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { param, preparedSql } from '../db/prepared.ts';
import { groupedHits } from './grouped-hits.ts';

/** Counts requests per (bucket, user) in fixed windows; the window's start is part of the key. */
export interface RateLimitStore {
  /** Counts one request and answers how many the user has made in this window, this one included. */
  hit(bucket: string, userId: string, windowStart: number): Promise<number>;
  /** Forgets windows that started before `before`. */
  sweep(before: number): Promise<void>;
}

/** One process (the embedded database): a map of each user's current window per bucket. */
export function memoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    async hit(bucket, userId, windowStart) {
      const key = `${bucket}\u0000${userId}`;
      const current = windows.get(key);
      if (current?.start === windowStart) return (current.count += 1);
      windows.set(key, { start: windowStart, count: 1 });
      return 1;
    },
    async sweep(before) {
      for (const [key, window] of windows) if (window.start < before) windows.delete(key);
    },
  };
}

/**
 * Several instances on one PostgreSQL database share the counts through rate_limit_counters (an UNLOGGED
 * table: a counter lost in a crash only forgives a minute's requests, and its writes skip the WAL flush a
 * commit otherwise waits for). The hits that arrive while a count is in flight go together in the next
 * statement (groupedHits): one upsert of every waiting (bucket, user, window), answering each one's total.
 */
export function postgresRateLimitStore(db: Db): RateLimitStore {
  const upsert = preparedSql<{ i: number; count: number }>(
    db,
    'rate_limit_hits',
    // Each key appears once in a batch (an upsert may not touch one row twice); `i` matches the totals to it.
    () => sql`
      WITH hits AS (
        SELECT * FROM jsonb_to_recordset(${param('hits')}::jsonb)
          AS h(i integer, bucket text, user_id uuid, window_start timestamptz, by integer)
      ), counted AS (
        INSERT INTO rate_limit_counters (bucket, user_id, window_start, count)
        SELECT bucket, user_id, window_start, by FROM hits
        ON CONFLICT (bucket, user_id, window_start) DO UPDATE SET count = rate_limit_counters.count + EXCLUDED.count
        RETURNING bucket, user_id, window_start, count
      )
      SELECT hits.i, counted.count FROM hits JOIN counted USING (bucket, user_id, window_start)`,
  );
  const hit = groupedHits(async (groups) => {
    const hits = groups.map((group, i) => ({
      i,
      bucket: group.bucket,
      user_id: group.userId,
      window_start: new Date(group.windowStart).toISOString(),
      by: group.by,
    }));
    const rows = await upsert.execute({ hits: JSON.stringify(hits) });
    const totals: number[] = [];
    for (const row of rows) totals[Number(row.i)] = Number(row.count);
    return totals;
  });
  return {
    hit,
    async sweep(before) {
      await db.execute(sql`DELETE FROM rate_limit_counters WHERE window_start < ${new Date(before).toISOString()}`);
    },
  };
}
