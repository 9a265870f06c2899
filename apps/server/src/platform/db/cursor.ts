import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** A row as the driver gives it in array mode, its values in the order of the select list. */
export type RawRow = unknown[];

/** Reads a statement's rows `chunkRows` at a time; the caller may stop early (the cursor is closed then). */
export type CursorReader = (text: string, params: unknown[], chunkRows: number) => AsyncGenerator<RawRow[]>;

/*
 * Date, time and interval values stay text, as Drizzle's own drivers leave them: the columns' decoders
 * (timestamp mode 'date', date mode 'string') turn them into what the repositories expect.
 */
const TEXT_TYPES = [1082, 1083, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231];

function cursorName(): string {
  return `list_${randomUUID().replaceAll('-', '')}`;
}

/**
 * PostgreSQL: a cursor in a read-only transaction on a connection of its own, so the rows come from the
 * server as they are read (nothing of the whole result is held here) and from one snapshot. Each FETCH is
 * one statement, held to the pool's statement timeout like any other.
 */
export function postgresCursor(pool: pg.Pool): CursorReader {
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      TEXT_TYPES.includes(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format),
  };
  return async function* read(text, params, chunkRows) {
    const client = await pool.connect();
    const name = cursorName();
    let failed: unknown;
    try {
      await client.query('BEGIN READ ONLY');
      await client.query(`DECLARE ${name} NO SCROLL CURSOR FOR ${text}`, params);
      const fetch = { text: `FETCH FORWARD ${chunkRows} FROM ${name}`, rowMode: 'array' as const, types };
      for (;;) {
        const { rows } = await client.query<RawRow>(fetch);
        if (rows.length > 0) yield rows;
        if (rows.length < chunkRows) break;
      }
    } catch (error) {
      failed = error;
      throw error;
    } finally {
      // An early stop (the client went away) ends the transaction too; a failed one is rolled back.
      await client.query(failed ? 'ROLLBACK' : 'COMMIT').catch(() => undefined);
      client.release(failed instanceof Error ? failed : undefined);
    }
  };
}

/**
 * PGlite runs one statement at a time for the whole process, and a transaction held open across awaits
 * would take every other request into it. A cursor WITH HOLD lives outside a transaction: the engine keeps
 * the result (spilling to its temporary files past work_mem, not into this process's heap), and between
 * chunks the event loop turns, so other requests' statements run in between.
 */
export function pgliteCursor(client: PGlite): CursorReader {
  const parsers = Object.fromEntries(TEXT_TYPES.map((oid) => [oid, (value: string) => value]));
  return async function* read(text, params, chunkRows) {
    const name = cursorName();
    await client.query(`DECLARE ${name} NO SCROLL CURSOR WITH HOLD FOR ${text}`, params);
    try {
      for (;;) {
        const { rows } = await client.query<RawRow>(`FETCH FORWARD ${chunkRows} FROM ${name}`, [], {
          rowMode: 'array',
          parsers,
        });
        if (rows.length > 0) yield rows;
        if (rows.length < chunkRows) break;
        await nextTurn();
      }
    } finally {
      await client.query(`CLOSE ${name}`).catch(() => undefined);
    }
  };
}
