import { createHash } from 'node:crypto';
import type { Database } from '@casedesk/server/src/platform/db/database.ts';
import type { Logger } from 'drizzle-orm';

/** One statement as the driver received it: Drizzle's text and the values bound to it. */
export interface RecordedStatement {
  text: string;
  params: unknown[];
}

type StatementRecorder = (call: () => Promise<unknown>) => Promise<RecordedStatement[]>;

/**
 * Records the statements a service call sends, through Drizzle's query logger. Drizzle hands its session's
 * logger to each query as it is prepared, and a named statement is prepared once (platform/db/prepared.ts),
 * so this must be installed before the first service call on `database`.
 */
export function installStatementRecorder(database: Database): StatementRecorder {
  const session = (database.db as unknown as { session: { logger: Logger } }).session;
  let recording: RecordedStatement[] | undefined;
  session.logger = { logQuery: (text, params) => recording?.push({ text, params }) };
  return async (call) => {
    recording = [];
    try {
      await call();
      return recording;
    } finally {
      recording = undefined;
    }
  };
}

interface PgPool {
  query(config: { name: string; text: string; values: unknown[] }): Promise<unknown>;
}

/**
 * Sends recorded statements straight to the driver, one after another: no Drizzle building or mapping, no
 * service code. On PostgreSQL each text is a named statement, so its plan is reused where PostgreSQL keeps
 * one; PGlite has no plan reuse (it runs every statement as the product does there).
 */
export function replayer(database: Database): (statements: RecordedStatement[]) => Promise<void> {
  if (database.kind === 'pglite') {
    return async (statements) => {
      for (const { text, params } of statements) await database.query(text, params);
    };
  }
  const pool = (database.db as unknown as { $client: PgPool }).$client;
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) names.set(text, (name = `bare_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`));
    return name;
  };
  return async (statements) => {
    for (const { text, params } of statements) await pool.query({ name: nameOf(text), text, values: params });
  };
}
