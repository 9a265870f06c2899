import { Column, is, SQL, Subquery } from 'drizzle-orm';

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** A selected field of a Drizzle query: its key path in the result object and the column or SQL behind it. */
interface SelectedField {
  path: string[];
  field: unknown;
}

/** What a Drizzle prepared query keeps of its select (node-postgres and PGlite alike). */
interface PreparedSelect {
  fields?: SelectedField[];
  customResultMapper?: (rows: unknown[][]) => unknown;
}

type RowsMapper = (rows: unknown[][]) => Record<string, unknown>[];

/** The same choice Drizzle's mapResultRow makes for each field, made once (an SQL's decoder is internal). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  const decoderOfSql = (sqlOf: SQL) => (sqlOf as unknown as { decoder: Decoder }).decoder;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field as unknown as { _: { sql: SQL } })._.sql);
  return decoderOfSql((field as { sql: SQL }).sql);
}

/**
 * A flat select's rows, arrays in select order, turned into objects by one function made for its fields.
 * Drizzle's own mapResultRow works the decoder of every field out again for every row (`is()` on each) and
 * walks each key's path: under the client-search load, 100-row pages, that was about 8 % of the server's
 * CPU. Nested selects (a joined table's columns as an object) keep Drizzle's mapping: undefined.
 */
export function compileRowsMapper(fields: SelectedField[]): RowsMapper | undefined {
  if (fields.length === 0 || !fields.every((f) => f.path.length === 1)) return undefined;
  const decoders = fields.map((f) => decoderOf(f.field));
  // An object literal per row, so that every row has one hidden class from the start. The keys are the
  // select's own keys, from our code, never from input; JSON.stringify quotes them.
  const properties = fields.map(
    (f, i) => `${JSON.stringify(f.path[0])}: row[${i}] === null ? null : d[${i}].mapFromDriverValue(row[${i}])`,
  );
  const mapRow = new Function('d', `return (row) => ({ ${properties.join(', ')} });`)(decoders) as (
    row: unknown[],
  ) => Record<string, unknown>;
  return (rows) => rows.map(mapRow);
}

/**
 * A prepared Drizzle select that maps its rows with compileRowsMapper; anything else is returned as it was.
 * It sets the prepared query's own `customResultMapper`, which its execute() uses instead of mapResultRow.
 */
export function withCompiledRows<Statement>(statement: Statement): Statement {
  const select = statement as PreparedSelect;
  if (!Array.isArray(select.fields) || select.customResultMapper) return statement;
  const mapper = compileRowsMapper(select.fields);
  if (mapper) select.customResultMapper = mapper;
  return statement;
}
