import { randomUUID } from 'node:crypto';
import type { CollectionStatus } from '@casedesk/contract/collections/account';
import { collectionAccounts } from '../../src/modules/collections/collections.tables.ts';
import { collectionContactRules } from '../../src/modules/collections/contact-rules.tables.ts';
import type { Db } from '../../src/platform/db/database.ts';

export type NewCollectionAccount = typeof collectionAccounts.$inferInsert;
export type CollectionAccountRecord = typeof collectionAccounts.$inferSelect;

/**
 * A collection account of a client in an office, inserted as it stands (no history events, nothing paid): for API
 * tests, the object-level test, seeds and benchmarks. What it is paid comes only from payments carrying it
 * (the trigger keeps paid_cents), and what it is adjusted by from collection_adjustments; a test wanting either
 * enters them.
 */
export async function insertCollectionAccount(
  db: Db,
  values: { officeId: string; clientId: string; status?: CollectionStatus } & Partial<
    Omit<NewCollectionAccount, 'paidCents' | 'adjustmentsCents' | 'lastPaymentDate'>
  >,
): Promise<CollectionAccountRecord> {
  const [row] = await db
    .insert(collectionAccounts)
    .values({ id: randomUUID(), originalCents: 100_000, status: 'ACTIVE', ...values })
    .returning();
  return row!;
}

/**
 * Lets every collection call and text through the time-of-day rule in this test's database (hours 0 to 24 in
 * every state), for tests of something else that make a collection contact at whatever hour the suite runs.
 */
export async function allowCollectionContactsAllDay(db: Db): Promise<void> {
  await db.update(collectionContactRules).set({ earliestHour: 0, latestHour: 24 });
}
