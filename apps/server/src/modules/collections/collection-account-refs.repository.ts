import type { Scope } from '@casedesk/contract/access/permissions';
import type { CollectionStatus } from '@casedesk/contract/collections/account';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { offices } from '../offices/offices.tables.ts';
import { collectionAccounts as a } from './collections.tables.ts';

/** Accounts one at a time or a few together, as the changes, and other modules' calls, texts and payments, name them. */

/** What a call, a text or a payment needs of the account it names, within the scope; undefined outside it. */
export async function findAccountRef(db: Db, id: string, scope: Scope) {
  const [row] = await db
    .select({
      id: a.id,
      accountNumber: a.accountNumber,
      officeId: a.officeId,
      clientId: a.clientId,
      collectorId: a.collectorId,
      status: a.status,
    })
    .from(a)
    .where(and(eq(a.id, id), officeScopeSql(a.officeId, scope)))
    .limit(1);
  return row;
}

/** Several accounts within the scope, locked for a change of all of them together (bulk assignment). */
export async function lockAccountRefs(tx: Db, ids: string[], scope: Scope) {
  return tx
    .select({
      id: a.id,
      accountNumber: a.accountNumber,
      officeId: a.officeId,
      clientId: a.clientId,
      collectorId: a.collectorId,
      status: a.status,
    })
    .from(a)
    .where(and(inArray(a.id, ids), officeScopeSql(a.officeId, scope)))
    .orderBy(a.id)
    .for('update');
}

/**
 * The account an inbound text from this client is about: the account its conversation was about when that one
 * is still open, else the client's open account with a collector, the most recently opened first.
 */
export async function findOpenAccountOfClient(db: Db, clientId: string, preferredId: string | null) {
  const open = inArray(a.status, ['ACTIVE', 'REVIEW', 'ESCALATION', 'PAYMENT_PLAN'] satisfies CollectionStatus[]);
  const [row] = await db
    .select({ id: a.id, accountNumber: a.accountNumber, collectorId: a.collectorId, officeId: a.officeId })
    .from(a)
    .where(and(eq(a.clientId, clientId), open))
    .orderBy(
      sql`${a.id} = ${preferredId ?? '00000000-0000-0000-0000-000000000000'}::uuid desc`,
      sql`${a.collectorId} is null`,
      sql`${a.openedAt} desc`,
    )
    .limit(1);
  return row;
}

export type NewAccount = typeof a.$inferInsert;

export async function insertAccount(tx: Db, values: NewAccount): Promise<{ id: string; accountNumber: number }> {
  const [row] = await tx.insert(a).values(values).returning({ id: a.id, accountNumber: a.accountNumber });
  return row!;
}

export type AccountChanges = Partial<Pick<NewAccount, 'status' | 'termId' | 'collectorId' | 'followUpDate'>>;

export async function updateAccount(tx: Db, id: string, changes: AccountChanges): Promise<void> {
  await tx.update(a).set(changes).where(eq(a.id, id));
}

export async function assignAccounts(tx: Db, ids: string[], collectorId: string | null): Promise<void> {
  if (ids.length > 0) await tx.update(a).set({ collectorId }).where(inArray(a.id, ids));
}

/** The office a new account is opened in, within the scope, with its status. */
export async function findAccountOffice(db: Db, officeId: string, scope: Scope) {
  const [row] = await db
    .select({ id: offices.id, status: offices.status })
    .from(offices)
    .where(and(eq(offices.id, officeId), officeScopeSql(offices.id, scope)))
    .limit(1);
  return row;
}
