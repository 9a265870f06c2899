import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { param, preparedSql } from '../db/prepared.ts';

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
 * commit otherwise waits for). One statement per limited request: the upsert answers the new count.
 */
export function postgresRateLimitStore(db: Db): RateLimitStore {
  const upsert = preparedSql<{ count: number }>(
    db,
    'rate_limit_hit',
    () => sql`
      INSERT INTO rate_limit_counters (bucket, user_id, window_start, count)
      VALUES (${param('bucket')}, ${param('userId')}::uuid, ${param('windowStart')}::timestamptz, 1)
      ON CONFLICT (bucket, user_id, window_start) DO UPDATE SET count = rate_limit_counters.count + 1
      RETURNING count`,
  );
  return {
    async hit(bucket, userId, windowStart) {
      const [row] = await upsert.execute({ bucket, userId, windowStart: new Date(windowStart).toISOString() });
      return Number(row!.count);
    },
    async sweep(before) {
      await db.execute(sql`DELETE FROM rate_limit_counters WHERE window_start < ${new Date(before).toISOString()}`);
    },
  };
}
