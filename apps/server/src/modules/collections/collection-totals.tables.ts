import { COLLECTION_STATUSES } from '@casedesk/contract/collections/account';
import { bigint, boolean, date, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * Running totals of the collection accounts per office, status, collector, term and plan state, and whether
 * the accounts still owe at least a cent: how many accounts, and the sums of their original, paid and adjusted
 * amounts. Kept by statement triggers on `collection_accounts` in the writing transaction (every payment's
 * trigger moves an account's paid figure, which moves these); never written by the app. A few thousand rows at
 * most, so the all-accounts page's totals and the dashboard's account figures read them instead of every account
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
    planStatus: text({ enum: ['ACTIVE', 'PAUSED'] }),
    planMissed: boolean().notNull().default(false),
    /** The balance (original + adjustments − paid) is at least one cent. */
    owing: boolean().notNull().default(false),
    accounts: bigint({ mode: 'number' }).notNull(),
    originalCents: bigint({ mode: 'number' }).notNull(),
    paidCents: bigint({ mode: 'number' }).notNull(),
    adjustmentsCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    unique('collection_account_totals_key')
      .on(t.officeId, t.status, t.collectorId, t.termId, t.planStatus, t.planMissed, t.owing)
      .nullsNotDistinct(),
  ],
);

/**
 * The open accounts that owe at least a cent, per office, collector and aging date (the last payment's day,
 * else the day the account opened at its office): the dashboard's aging buckets sum the last ninety days of
 * rows, and the rest is 90+. Kept by the same triggers as the totals.
 */
export const collectionAgingDays = pgTable(
  'collection_aging_days',
  {
    officeId: uuid().notNull(),
    collectorId: uuid(),
    agedOn: date({ mode: 'string' }).notNull(),
    accounts: bigint({ mode: 'number' }).notNull(),
    balanceCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [unique('collection_aging_days_key').on(t.agedOn, t.officeId, t.collectorId).nullsNotDistinct()],
);

/** Per account and calendar month of payment date: its cash-flow entries and their sum (reversals netted). */
export const collectionAccountMonths = pgTable(
  'collection_account_months',
  {
    accountId: uuid().notNull(),
    month: date({ mode: 'string' }).notNull(),
    entries: integer().notNull(),
    cents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.month] })],
);

/**
 * Money collected per office, collector (the account's, as it is now) and month, and how many accounts had an
 * entry: kept from `collection_account_months` by the payments trigger, and moved when an account changes
 * office or collector.
 */
export const collectionCollectedMonths = pgTable(
  'collection_collected_months',
  {
    officeId: uuid().notNull(),
    collectorId: uuid(),
    month: date({ mode: 'string' }).notNull(),
    accounts: bigint({ mode: 'number' }).notNull(),
    cents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [unique('collection_collected_months_key').on(t.month, t.officeId, t.collectorId).nullsNotDistinct()],
);

/**
 * Promises settled per office, collector and due date: plan instalments stored PAID (kept) or MISSED (broken).
 * Kept by triggers on `payment_plan_instalments`, moved when an account changes office or collector.
 */
export const collectionPromiseDays = pgTable(
  'collection_promise_days',
  {
    officeId: uuid().notNull(),
    collectorId: uuid(),
    dueDate: date({ mode: 'string' }).notNull(),
    kept: bigint({ mode: 'number' }).notNull(),
    missed: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [unique('collection_promise_days_key').on(t.dueDate, t.officeId, t.collectorId).nullsNotDistinct()],
);
