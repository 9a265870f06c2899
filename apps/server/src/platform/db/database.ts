import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../../db/schema.ts';
import { observeQuery } from '../metrics/metrics.ts';
import { serverRoot } from '../server-root.ts';
import type { CursorReader } from './cursor.ts';
import { pgliteCursor, postgresCursor } from './cursor.ts';

export type Schema = typeof schema;
/** The one database type services and repositories see, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Runs raw SQL with positional parameters; for pg-boss and health checks. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** A statement's rows a chunk at a time from a server-side cursor, for lists too long to hold (selectInChunks). */
  cursor: CursorReader;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The embedded engine, when it is PGlite (tests dump and load its data directory). */
  pglite?: PGlite;
}

const migrationsFolder = path.join(serverRoot, 'src/db/migrations');
const pgliteExtensions = { pg_trgm, btree_gist, fuzzystrmatch };

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; omitted means in memory. */
  dataDir?: string;
  /** A dumped PGlite data directory to start from (tests start from a migrated template). */
  loadDataDir?: Blob;
  poolSize?: number;
  /**
   * PostgreSQL: the longest any one statement may run, so a runaway query cannot hold a connection and a
   * core; PostgreSQL cancels it (SQLSTATE 57014). PGlite runs one statement at a time in this process:
   * its long lists yield between chunks instead.
   */
  statementTimeoutMs?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 20, options.statementTimeoutMs)
    : openPglite(options);
}

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: pgliteExtensions,
  });
  timePgliteQueries(client);
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    async query<T>(text: string, params: unknown[] = []) {
      const result = await client.query<T>(text, params);
      return result.rows;
    },
    cursor: pgliteCursor(client),
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

async function openPostgres(connectionString: string, max: number, statementTimeoutMs?: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max,
    Client: TimedClient,
    ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}),
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async query<T>(text: string, params: unknown[] = []) {
      const result = await pool.query(text, params);
      return result.rows as T[];
    },
    cursor: postgresCursor(pool),
    migrate: () => migrateNodePg(db as never, { migrationsFolder }),
    close: () => pool.end(),
  };
}

/** Times every query for the database-time metric, at the driver so no query escapes it. */
class TimedClient extends pg.Client {
  override query(...args: unknown[]): never {
    const started = performance.now();
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result instanceof Promise) {
      return result.finally(() => observeQuery(performance.now() - started)) as never;
    }
    return result as never;
  }
}

function timePgliteQueries(client: PGlite): void {
  const timed = <F extends (...a: never[]) => Promise<unknown>>(fn: F): F =>
    (async (...args: Parameters<F>) => {
      const started = performance.now();
      try {
        return await fn(...args);
      } finally {
        observeQuery(performance.now() - started);
      }
    }) as F;
  client.query = timed(client.query.bind(client)) as PGlite['query'];
  client.exec = timed(client.exec.bind(client)) as PGlite['exec'];
}

export async function isReachable(database: Database): Promise<boolean> {
  try {
    await database.db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** PostgreSQL's own error of a failed statement (Drizzle wraps it in `cause`): its code and constraint. */
export function pgError(error: unknown): { code: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, ...(typeof constraint === 'string' ? { constraint } : {}) };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** PostgreSQL's own error code of a failed statement. */
export function pgErrorCode(error: unknown): string | undefined {
  return pgError(error)?.code;
}

/** PostgreSQL's exclusion-violation code: a row overlaps one an exclusion constraint keeps apart (no double booking). */
export const EXCLUSION_VIOLATION = '23P01';

export function isExclusionViolation(error: unknown): boolean {
  return pgErrorCode(error) === EXCLUSION_VIOLATION;
}

/** PostgreSQL's unique-violation code: a row repeats a key a unique constraint keeps single. */
export const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  return pgErrorCode(error) === UNIQUE_VIOLATION;
}
