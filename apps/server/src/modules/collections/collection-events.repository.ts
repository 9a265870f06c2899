import type { CollectionStatus } from '@casedesk/contract/collections/account';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { permissions } from '../access/access.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import { collectionAccountEvents, collectionAdjustments, collectionTerms } from './collections.tables.ts';

export type NewAccountEvent = typeof collectionAccountEvents.$inferInsert;

/** Appends events to accounts' histories (append-only: a trigger refuses updates and deletes). */
export async function insertEvents(tx: Db, events: NewAccountEvent[]): Promise<void> {
  if (events.length > 0) await tx.insert(collectionAccountEvents).values(events);
}

/** A write-off or correction; the adjustments trigger moves the account's adjustments_cents in this statement. */
export async function insertAdjustment(
  tx: Db,
  values: { accountId: string; amountCents: number; reason: string; byId: string },
): Promise<string> {
  const [row] = await tx.insert(collectionAdjustments).values(values).returning({ id: collectionAdjustments.id });
  return row!.id;
}

/** The account's status changes, newest first, with who made each. */
export async function findStatusHistory(db: Db, accountId: string) {
  const e = collectionAccountEvents;
  const rows = await db
    .select({
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      note: e.detail,
      by: sql<string | null>`(select u.display_name from ${users} u where u.id = ${e.byId})`,
      at: e.at,
    })
    .from(e)
    .where(and(eq(e.accountId, accountId), eq(e.kind, 'STATUS')))
    .orderBy(desc(e.at), desc(e.id));
  return rows
    .filter((r): r is typeof r & { toStatus: CollectionStatus } => r.toStatus !== null)
    .map((r) => ({ ...r, at: r.at.toISOString() }));
}

/** A term by id (with whether it is still offered), or undefined. */
export async function findTerm(db: Db, id: string) {
  const [row] = await db
    .select({ id: collectionTerms.id, name: collectionTerms.name, active: collectionTerms.active })
    .from(collectionTerms)
    .where(eq(collectionTerms.id, id));
  return row;
}

/**
 * Enabled users holding some ALL_ACCOUNTS level, with their levels and role: the candidates for collector (the
 * service judges each one's reach). `ids` narrows to those users.
 */
export async function findAccountWorkers(db: Db, ids?: string[]) {
  return db
    .select({
      id: users.id,
      displayName: users.displayName,
      role: users.role,
      accessLevels: permissions.accessLevels,
    })
    .from(permissions)
    .innerJoin(users, eq(users.id, permissions.userId))
    .where(
      and(
        eq(permissions.permissionType, 'ALL_ACCOUNTS'),
        eq(users.accountEnabled, true),
        ids ? inArray(users.id, ids) : undefined,
      ),
    )
    .orderBy(users.displayName, users.id);
}

/** Every office's id: the collectors lookup matches scopes office by office. */
export async function findOfficeIds(db: Db): Promise<string[]> {
  return (await db.select({ id: offices.id }).from(offices)).map((o) => o.id);
}

/** Display names of users, by id. */
export async function findUserNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.displayName]));
}
