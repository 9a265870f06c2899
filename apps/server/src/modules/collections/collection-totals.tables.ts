import { COLLECTION_STATUSES } from '@casedesk/contract/collections/account';
import { bigint, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * Running totals of the collection accounts per office, status, collector and term (the filters of the
 * all-accounts page that do not look at an account's own figures): how many accounts, and the sums of their
 * original, paid and adjusted amounts. Kept by statement triggers on `collection_accounts` in the writing
 * transaction (every payment's trigger moves an account's paid figure, which moves these); never written by the
 * app. A few thousand rows at most, so the page's totals and count read them instead of every account
 * (docs/collections.md, "Totals").
 */
export const collectionAccountTotals = pgTable(
  'collection_account_totals',
  {
    officeId: uuid().notNull(),
    status: text({ enum: COLLECTION_STATUSES }).notNull(),
    /** Null: the accounts nobody is assigned. */
    collectorId: uuid(),
    termId: uuid(),
    accounts: bigint({ mode: 'number' }).notNull(),
    originalCents: bigint({ mode: 'number' }).notNull(),
    paidCents: bigint({ mode: 'number' }).notNull(),
    adjustmentsCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [unique('collection_account_totals_key').on(t.officeId, t.status, t.collectorId, t.termId).nullsNotDistinct()],
);
