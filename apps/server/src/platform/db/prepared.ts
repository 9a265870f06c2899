import type { Placeholder, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import { withCompiledRows } from './compiled-rows.ts';
import type { Db } from './database.ts';

/** A raw statement prepared once: run it with the values of its sql.placeholder()s. */
export interface PreparedSql<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

// Drizzle prepares its query builders (`.prepare(name)`) but not raw SQL; its session does both, and
// Db hides the session and dialect it holds.
interface DrizzleInternals {
  session: PgSession;
  dialect: PgDialect;
}

/** A named value of a prepared statement: `${param('id')}::uuid`. */
export const param = (name: string) => sql.placeholder(name);

/**
 * A row count written into a prepared statement's text rather than sent as a value, for limit() and
 * offset(). PostgreSQL costs a generic plan's `LIMIT $n OFFSET $m` as a tenth of the rows, which made a
 * prepared page query look dearer than a fresh plan with its values: it was planned again on every call
 * (over half of PostgreSQL's time under the SMS history load). Drizzle's limit() and offset() are typed for
 * a number or a placeholder and write any SQL they are given into the text.
 */
export function inlineCount(n: number): Placeholder {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a row count: ${n}`);
  return sql.raw(String(n)) as unknown as Placeholder;
}

const prepared = new WeakMap<Db, Map<string, unknown>>();

/**
 * One prepared statement per database and name, made on first use: `prepare` is a query builder's
 * `.prepare(name)` (its rows mapped by a function compiled for its fields: compiled-rows.ts) or preparedSql's
 * raw statement. node-postgres then parses it once per pooled connection.
 */
export function preparedOnce<Statement>(db: Db, name: string, prepare: (name: string) => Statement): Statement {
  let byName = prepared.get(db);
  if (!byName) prepared.set(db, (byName = new Map()));
  if (!byName.has(name)) byName.set(name, withCompiledRows(prepare(name)));
  return byName.get(name) as Statement;
}

/**
 * Raw SQL (a data-modifying CTE, say) as a named prepared statement: PostgreSQL parses and plans it once
 * per pooled connection instead of on every call; a booking's statement spent ~2 ms of its ~3 planning.
 * Values must come in through sql.placeholder(), so the text is the same on every call. PGlite runs it as
 * a plain query. PostgreSQL keeps one generic plan only when that plan costs no more than a plan for the
 * values at hand: a value the planner could fold away (a NULL, a LIMIT) belongs in the text, one
 * statement per shape, or it plans every call anyway.
 */
export function preparedSql<Row>(db: Db, name: string, build: () => SQL): PreparedSql<Row> {
  return preparedOnce(db, name, () => {
    const { session, dialect } = db as unknown as DrizzleInternals;
    const query = session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false);
    return {
      async execute(values: Record<string, unknown>) {
        const result = (await query.execute(values)) as { rows: Row[] };
        return result.rows;
      },
    };
  });
}
