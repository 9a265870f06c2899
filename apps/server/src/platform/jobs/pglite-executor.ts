import type PgBoss from 'pg-boss';
import type { Database } from '../db/database.ts';

/**
 * pg-boss sends its schema creation, migrations and maintenance as one `BEGIN; …; COMMIT;` script
 * (its `locked()` plan); everything else is a single statement, usually with parameters.
 */
const TRANSACTION_SCRIPT = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/;

/**
 * pg-boss's bring-your-own-database option (`db.executeSql`) on our embedded PGlite (DESIGN §3 Jobs).
 *
 * Single statements go through `database.query`, so they are timed like every other query and wait
 * their turn behind any open Drizzle transaction (PGlite has one connection and serialises callers).
 * The multi-statement scripts cannot: `query` uses the extended protocol, which refuses more than one
 * command ("cannot insert multiple commands into a prepared statement"). They run as the body of a
 * PGlite transaction instead of through `exec`, because a script that fails half-way under `exec`
 * leaves the only connection in an aborted transaction and every later query of the app fails with
 * "current transaction is aborted"; `transaction()` rolls back inside the same exclusive section.
 */
export function pgliteExecutor(database: Database): PgBoss.Db {
  const pglite = database.pglite;
  if (!pglite) throw new Error('pgliteExecutor needs the embedded PGlite database');
  return {
    async executeSql(text: string, values?: unknown[]) {
      const script = TRANSACTION_SCRIPT.exec(text);
      if (script && !values?.length) {
        const results = await pglite.transaction((tx) => tx.exec(script[1] ?? ''));
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return { rows: await database.query(text, values ?? []) };
    },
  };
}
