import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { ClientRow, ClientWrite } from './clients.repository.ts';
import { clients } from './clients.tables.ts';

interface ReferencingColumn {
  schema: string;
  table: string;
  column: string;
}

/**
 * Every single-column foreign key that references clients(id), read from the catalog, so tables of later
 * modules (appointments, payments, …) move with a merge without this code knowing them. The tombstone
 * pointer itself (clients.merged_into_id) is handled apart.
 */
export async function findColumnsReferencingClients(db: Db): Promise<ReferencingColumn[]> {
  const result = await db.execute(sql`
    select ns.nspname as "schema", rel.relname as "table", att.attname as "column"
    from pg_constraint con
    join pg_class rel on rel.oid = con.conrelid
    join pg_namespace ns on ns.oid = rel.relnamespace
    join pg_attribute att on att.attrelid = con.conrelid and att.attnum = con.conkey[1]
    where con.contype = 'f'
      and con.confrelid = 'clients'::regclass
      and array_length(con.conkey, 1) = 1
      and not (con.conrelid = 'clients'::regclass and att.attname = 'merged_into_id')
    order by 1, 2, 3`);
  // Both drivers (node-postgres and PGlite) answer with `rows`.
  return (result as unknown as { rows: ReferencingColumn[] }).rows;
}

/** Locks both clients in id order, so two merges of the same pair queue instead of deadlocking. */
export async function lockClients(db: Db, ids: string[]): Promise<ClientRow[]> {
  return db.select().from(clients).where(inArray(clients.id, ids)).orderBy(asc(clients.id)).for('update');
}

/** Points every referencing row of `fromId` at `toId`; returns the rows moved per table. */
export async function moveReferences(
  db: Db,
  columns: ReferencingColumn[],
  fromId: string,
  toId: string,
): Promise<Record<string, number>> {
  const moved: Record<string, number> = {};
  for (const ref of columns) {
    const target = sql`${sql.identifier(ref.schema)}.${sql.identifier(ref.table)}`;
    const column = sql.identifier(ref.column);
    const result = await db.execute(sql`update ${target} set ${column} = ${toId} where ${column} = ${fromId}`);
    const key = ref.column === 'client_id' ? ref.table : `${ref.table}.${ref.column}`;
    moved[key] = (moved[key] ?? 0) + affectedRows(result);
  }
  return moved;
}

function affectedRows(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

/** Earlier tombstones of the merged client now point at the survivor: no chains to follow. */
export async function repointTombstones(db: Db, fromId: string, toId: string): Promise<void> {
  await db.update(clients).set({ mergedIntoId: toId }).where(eq(clients.mergedIntoId, fromId));
}

export async function markMerged(db: Db, id: string, survivorId: string): Promise<ClientRow> {
  const now = new Date();
  const [row] = await db
    .update(clients)
    .set({ mergedIntoId: survivorId, mergedAt: now, updatedAt: now })
    .where(eq(clients.id, id))
    .returning();
  return row!;
}

export async function applySurvivorFields(db: Db, id: string, changes: ClientWrite): Promise<ClientRow> {
  const [row] = await db
    .update(clients)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(clients.id, id))
    .returning();
  return row!;
}
