import * as drizzleOrm from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { date, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { compileRowsMapper, withCompiledRows } from './compiled-rows.ts';

// A table of its own and a database with no connection: preparing a select sends nothing.
const people = pgTable('people', {
  id: uuid().primaryKey(),
  name: text().notNull(),
  born: date({ mode: 'string' }),
  bornOn: date({ mode: 'date' }),
  seenAt: timestamp({ withTimezone: true }),
  seenAtText: timestamp({ withTimezone: true, mode: 'string' }),
  visits: integer(),
});
const db = drizzle.mock();

// Drizzle's own row mapping, which it exports at run time but does not declare: what ours must equal.
const { mapResultRow } = drizzleOrm as unknown as {
  mapResultRow(fields: unknown, row: unknown[], joinsNotNullableMap: undefined): Record<string, unknown>;
};

interface PreparedForTest {
  fields: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** A select prepared as the search prepares its shapes (`_prepare()`, which Drizzle's types keep internal). */
function prepared(query: object): PreparedForTest {
  return (query as { _prepare(): PreparedForTest })._prepare();
}

const flat = () =>
  db
    .select({
      id: people.id,
      name: people.name,
      born: people.born,
      bornOn: people.bornOn,
      seenAt: people.seenAt,
      seenAtText: people.seenAtText,
      visits: people.visits,
      matches: sql<number>`count(*) over ()`.mapWith(Number),
      label: sql<string>`upper(${people.name})`.as('label'),
      raw: sql`1`,
    })
    .from(people);

// Rows as node-postgres hands them over in array mode, with Drizzle's type parsers (dates and times as text).
const rows: unknown[][] = [
  ['0b6e…1', 'Ann', '1980-02-03', '1980-02-03', '2026-11-28 10:00:00+00', '2026-11-28 10:00:00+00', 3, '12', 'ANN', 1],
  ['0b6e…2', 'Bob', null, null, null, null, null, '12', 'BOB', null],
];

describe('rows mapped by a function compiled for the select', () => {
  it("gives exactly Drizzle's own objects, nulls and decoded values alike", () => {
    const { fields } = prepared(flat());
    const compiled = compileRowsMapper(fields)!;
    const drizzles = rows.map((row) => mapResultRow(fields, row, undefined));
    expect(compiled(rows)).toStrictEqual(drizzles);
    // The decoders ran: a number from the count's text, a Date from the date column.
    expect(drizzles[0]).toMatchObject({ matches: 12, bornOn: new Date('1980-02-03') });
    expect(Object.keys(compiled(rows)[1]!)).toEqual(fields.map((f) => f.path[0]));
  });

  it("leaves a nested select (a joined table's columns as an object) to Drizzle", () => {
    const nested = db.select({ person: { id: people.id, name: people.name }, visits: people.visits }).from(people);
    const statement = prepared(nested);
    expect(compileRowsMapper(statement.fields)).toBeUndefined();
    expect(withCompiledRows(statement).customResultMapper).toBeUndefined();
  });

  it('sets the prepared select to use it, and leaves a statement without fields as it was', () => {
    const statement = withCompiledRows(prepared(flat()));
    expect(statement.customResultMapper?.(rows)).toStrictEqual(
      rows.map((row) => mapResultRow(statement.fields, row, undefined)),
    );
    const raw = { execute: () => Promise.resolve([]) };
    expect(withCompiledRows(raw)).toStrictEqual({ execute: raw.execute });
  });
});
