import { Column, is, SQL } from 'drizzle-orm';
import { sharingTurns } from '../http/load-share.ts';
import type { Database } from './database.ts';

/** Lists longer than this are read from a cursor and streamed, never held whole (SPEC §2 "All"). */
export const STREAMED_LIST_MIN_ROWS = 1000;
/**
 * Rows per FETCH: enough that round trips do not dominate, few enough that a chunk's parsing and writing
 * (synchronous work, a few ms) is short beside the other requests waiting for the thread.
 */
export const CURSOR_CHUNK_ROWS = 250;

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** The decoder Drizzle applies to a selected field: a column's own, or what `.mapWith()` gave an expression. */
function decoderOf(field: unknown): Decoder | undefined {
  if (is(field, Column)) return field;
  // An expression's decoder is set by mapWith() and read by Drizzle itself; it is not in the typings.
  if (is(field, SQL)) return (field as unknown as { decoder?: Decoder }).decoder;
  if (is(field, SQL.Aliased)) return (field.sql as unknown as { decoder?: Decoder }).decoder;
  return undefined;
}

/** A Drizzle select, as far as this needs it: its SQL, and the row type it resolves to. */
export interface ChunkableSelect<Row> extends PromiseLike<Row[]> {
  toSQL(): { sql: string; params: unknown[] };
}

/**
 * The rows of a select, a chunk at a time from a server-side cursor, decoded as Drizzle decodes them; a
 * long read takes turns with the requests in flight (sharingTurns).
 * `fields` is the flat object the select was given (`db.select(fields)`): its order is the column order.
 */
export async function* selectInChunks<Row>(
  database: Pick<Database, 'cursor'>,
  query: ChunkableSelect<Row>,
  fields: Record<string, unknown>,
  chunkRows = CURSOR_CHUNK_ROWS,
): AsyncGenerator<Row[]> {
  const columns = Object.entries(fields).map(([key, field]) => ({ key, decoder: decoderOf(field) }));
  const { sql, params } = query.toSQL();
  for await (const rows of sharingTurns(database.cursor(sql, params, chunkRows))) {
    yield rows.map((raw) => {
      const row: Record<string, unknown> = {};
      columns.forEach(({ key, decoder }, index) => {
        const value = raw[index];
        row[key] = value === null || value === undefined || !decoder ? value : decoder.mapFromDriverValue(value);
      });
      return row as Row;
    });
  }
}
