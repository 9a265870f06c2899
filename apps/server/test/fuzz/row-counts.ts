import type { Database } from '../../src/platform/db/database.ts';

export type RowCounts = Record<string, number>;

/**
 * Tables whose rows legitimately appear on a refused request: the audit trail (sign-ins, denials),
 * the identity provider's sessions and tokens, drizzle's own bookkeeping, and what the embedded SMTP server
 * receives (the far side of SMTP: e-mails accepted earlier arrive there whenever their job runs).
 */
const NOT_COUNTED = new Set([
  'audit_events',
  'oidc_payloads',
  '__drizzle_migrations',
  // The collection contact log records a refused contact on purpose: compliance needs every attempt.
  'collection_contact_attempts',
  'mail_captured',
  'mail_captured_attachments',
]);

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Every table of the public schema, read at run time so a new table is watched without editing this file. */
export async function watchedTables(database: Database): Promise<string[]> {
  const rows = await database.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rows.map((r) => r.table_name).filter((name) => !NOT_COUNTED.has(name));
}

/**
 * Counts every table's rows in one statement, and skips the count when nothing can have changed. The statement
 * also reads its own snapshot (`xmin:xmax:in-progress ids`); a later snapshot with the same text proves that no
 * transaction took an id (no row was written) and none committed since, so the last counts still hold. Any write
 * anywhere (an audit row, a rate-limit counter, another database of the same server) changes it, and the tables
 * are counted again: a skip is never a guess.
 */
export function rowCounter(database: Database, tables: string[]): () => Promise<RowCounts> {
  const snapshot = 'pg_current_snapshot()::text';
  const text = [
    `SELECT -1 AS i, 0 AS n, ${snapshot} AS mark`,
    ...tables.map((t, i) => `SELECT ${i}, count(*)::int, NULL FROM public.${quoted(t)}`),
  ].join(' UNION ALL ');
  let last: { mark: string; counts: RowCounts } | undefined;
  return async () => {
    if (last) {
      const [now] = await database.query<{ mark: string }>(`SELECT ${snapshot} AS mark`);
      if (now?.mark === last.mark) return { ...last.counts };
    }
    const counts: RowCounts = {};
    let mark = '';
    for (const row of await database.query<{ i: number; n: number; mark: string | null }>(text)) {
      if (row.i === -1) mark = row.mark ?? '';
      else counts[tables[row.i] ?? '?'] = Number(row.n);
    }
    last = { mark, counts };
    return { ...counts };
  };
}

export function changedCounts(before: RowCounts, after: RowCounts): Record<string, string> {
  const changed: Record<string, string> = {};
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[table] !== after[table]) changed[table] = `${before[table] ?? 0} -> ${after[table] ?? 0}`;
  }
  return changed;
}

/**
 * A few real ids per table, so generated uuids sometimes name existing records (reads, updates, IDOR
 * paths). Ids are random per test database, so they are taken in insertion (ctid) order: the same seed
 * then picks the same seeded records on every run, under whatever id they have this time.
 */
export async function knownUuids(database: Database, perTable = 5): Promise<string[]> {
  const tables = await database.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
     WHERE table_schema = 'public' AND column_name = 'id' AND data_type = 'uuid' ORDER BY table_name`,
  );
  const watched = tables.map((r) => r.table_name).filter((name) => !NOT_COUNTED.has(name));
  if (watched.length === 0) return [];
  const text = watched
    .map((t) => `(SELECT id::text AS id FROM public.${quoted(t)} ORDER BY ctid LIMIT ${perTable})`)
    .join(' UNION ALL ');
  return (await database.query<{ id: string }>(text)).map((r) => r.id);
}
