import type { Placeholder, SQL } from 'drizzle-orm';
import { and, or, sql } from 'drizzle-orm';
import type { Db } from './database.ts';

/** What a planner's SQL is when only its values are wanted: nothing is built, nothing reads it. */
const UNBUILT = sql``;

/**
 * A query's values as named placeholders (`v0`, `v1`, … in the order they are bound), so that the statement's
 * text and its remaining parameters depend only on the query's shape, and a statement built once serves every
 * query of that shape with the values of each.
 *
 * A planner that writes its SQL with this object's `sql`, `and` and `or` can also run for its values alone
 * (`new BoundValues(false)`), where its shape's statement is already kept: the same binds in the same order, and
 * none of Drizzle's SQL objects, whose making was most of a kept search's own work.
 */
export class BoundValues {
  readonly named: Record<string, unknown> = {};
  private next = 0;

  /** @param building false: bind the values only; `sql`, `and` and `or` build nothing. */
  constructor(readonly building = true) {}

  bind(value: unknown): Placeholder {
    const name = `v${this.next++}`;
    this.named[name] = value;
    return sql.placeholder(name);
  }

  sql(strings: TemplateStringsArray, ...params: unknown[]): SQL {
    return this.building ? sql(strings, ...params) : UNBUILT;
  }

  and(...conditions: (SQL | undefined)[]): SQL | undefined {
    if (this.building) return and(...conditions);
    return conditions.some((c) => c !== undefined) ? UNBUILT : undefined;
  }

  or(...conditions: (SQL | undefined)[]): SQL | undefined {
    if (this.building) return or(...conditions);
    return conditions.some((c) => c !== undefined) ? UNBUILT : undefined;
  }
}

/**
 * Statements built once per shape and kept, the `limit` most recently used per database. Building a query is
 * Drizzle's work on every request (its query builder, then the SQL text from the tree), about a fifth of the
 * server's CPU under the client-search load; a shape's statement is built once. The key must name everything
 * the statement's text and its baked-in values depend on; what varies goes in through BoundValues.
 */
export function shapeCache<Statement>(limit: number): (db: Db, key: string, build: () => Statement) => Statement {
  const byDb = new WeakMap<Db, Map<string, Statement>>();
  return (db, key, build) => {
    let cache = byDb.get(db);
    if (!cache) byDb.set(db, (cache = new Map()));
    let statement = cache.get(key);
    if (statement !== undefined) {
      // Most recently used last: a Map iterates in insertion order, so the first key is the one to drop.
      cache.delete(key);
    } else {
      statement = build();
      if (cache.size >= limit) cache.delete(cache.keys().next().value!);
    }
    cache.set(key, statement);
    return statement;
  };
}
