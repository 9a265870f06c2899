import type { Placeholder } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from './database.ts';

/**
 * A query's values as named placeholders (`v0`, `v1`, … in the order they are bound), so that the statement's
 * text and its remaining parameters depend only on the query's shape, and a statement built once serves every
 * query of that shape with the values of each.
 */
export class BoundValues {
  readonly named: Record<string, unknown> = {};
  private next = 0;

  bind(value: unknown): Placeholder {
    const name = `v${this.next++}`;
    this.named[name] = value;
    return sql.placeholder(name);
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
