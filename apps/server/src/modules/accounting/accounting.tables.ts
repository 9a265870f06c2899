import { PAYMENT_ACCOUNTS, PAYMENT_TYPES } from '@casedesk/contract/accounting/payment';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from '../clients/clients.tables.ts';
import { dropdownOptions } from '../dropdowns/dropdowns.tables.ts';
import { inquiries } from '../inquiries/inquiries.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import { collectionAccounts } from '../collections/collections.tables.ts';

/**
 * The cash-flow ledger (docs/accounting.md). Append-only: no row is updated or deleted by the app (migration
 * 0024 refuses both in the database). A payment is corrected by a reversal, a row with the opposite amounts
 * whose reverses_id names it; totals are sums over the same rows the lists show.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    officeId: uuid()
      .notNull()
      .references(() => offices.id),
    clientId: uuid()
      .notNull()
      .references(() => clients.id),
    /** The matter (the inquiry) the money is for. */
    inquiryId: uuid().references(() => inquiries.id),
    lawTypeId: uuid().references(() => dropdownOptions.id),
    paymentType: text({ enum: PAYMENT_TYPES }).notNull(),
    /** The bank account: a TRUST payment is also a deposit on its matter's trust ledger (trust.tables.ts). */
    account: text({ enum: PAYMENT_ACCOUNTS }).notNull().default('OPERATING'),
    feesCents: bigint({ mode: 'number' }).notNull(),
    costCents: bigint({ mode: 'number' }).notNull(),
    /** Unique per office; a reversal has none (it keeps the original's on screen through reverses_id). */
    receiptNumber: integer(),
    /** The office day the money counts for (in the office's time zone). */
    paymentDate: date({ mode: 'string' }).notNull(),
    officeEntered: boolean().notNull().default(false),
    note: text(),
    enteredById: uuid().references(() => users.id),
    enteredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** On a reversal: the entry it reverses (at most one reversal each). */
    reversesId: uuid().references((): AnyPgColumn => payments.id),
    /** On a reversal: why, as typed. */
    reason: text(),
    /** The collection account the money pays down (a reversal carries its original's). */
    collectionAccountId: uuid().references(() => collectionAccounts.id),
  },
  (t) => [
    uniqueIndex('payments_office_receipt_unique')
      .on(t.officeId, t.receiptNumber)
      .where(sql`${t.receiptNumber} is not null`),
    uniqueIndex('payments_reverses_unique')
      .on(t.reversesId)
      .where(sql`${t.reversesId} is not null`),
    // The lists' default order, the newest day first and within it the newest entry (id breaks ties), for the
    // whole ledger and for one office; a page reads its rows off these, also within a range of days. NULLS
    // FIRST as ORDER BY ... DESC sorts: PostgreSQL matches an index to the order by its nulls too, NOT NULL or not.
    index('payments_day_idx').on(t.paymentDate.desc().nullsFirst(), t.enteredAt.desc().nullsFirst(), t.id),
    index('payments_office_day_idx').on(
      t.officeId,
      t.paymentDate.desc().nullsFirst(),
      t.enteredAt.desc().nullsFirst(),
      t.id,
    ),
    // Sorted by entry time.
    index('payments_entered_idx').on(t.enteredAt.desc().nullsFirst(), t.id),
    index('payments_client_idx').on(t.clientId),
    index('payments_collection_account_idx')
      .on(t.collectionAccountId)
      .where(sql`${t.collectionAccountId} is not null`),
    check(
      'payments_entry_or_reversal',
      sql`(${t.reversesId} is null and ${t.receiptNumber} is not null and ${t.reason} is null
            and ${t.feesCents} >= 0 and ${t.costCents} >= 0 and ${t.feesCents} + ${t.costCents} > 0)
       or (${t.reversesId} is not null and ${t.receiptNumber} is null and ${t.reason} is not null
            and ${t.feesCents} <= 0 and ${t.costCents} <= 0)`,
    ),
  ],
);

/**
 * The last receipt number each office gave. Taking the next one locks the office's row until the entry's
 * transaction ends, so concurrent entries get consecutive numbers and a rolled-back one leaves no gap.
 */
export const officeReceiptCounters = pgTable('office_receipt_counters', {
  officeId: uuid()
    .primaryKey()
    .references(() => offices.id),
  lastNumber: integer().notNull(),
});

/**
 * What the bank received for an office's day, typed by accounting from the deposit slip or the statement.
 * Append-only like the payments: a wrong deposit is corrected by another with the opposite amount.
 */
export const bankDeposits = pgTable(
  'bank_deposits',
  {
    id: uuid().primaryKey().defaultRandom(),
    officeId: uuid()
      .notNull()
      .references(() => offices.id),
    depositDate: date({ mode: 'string' }).notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    reference: text().notNull(),
    enteredById: uuid().references(() => users.id),
    enteredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bank_deposits_office_date_idx').on(t.officeId, t.depositDate),
    check('bank_deposits_amount', sql`${t.amountCents} <> 0`),
  ],
);

/**
 * The versions of an office day's reconciliation, never changed: RECONCILED signs the day with the three totals
 * as they stood; REOPENED opens it again with the reason. The latest version decides whether the day is locked.
 */
export const cashFlowReconciliations = pgTable(
  'cash_flow_reconciliations',
  {
    id: uuid().primaryKey().defaultRandom(),
    officeId: uuid()
      .notNull()
      .references(() => offices.id),
    day: date({ mode: 'string' }).notNull(),
    version: integer().notNull(),
    status: text({ enum: ['RECONCILED', 'REOPENED'] }).notNull(),
    officeEnteredCents: bigint({ mode: 'number' }).notNull(),
    accountingCents: bigint({ mode: 'number' }).notNull(),
    depositCents: bigint({ mode: 'number' }).notNull(),
    /** The note of a reconciliation, the reason of a reopening. */
    note: text(),
    byId: uuid().references(() => users.id),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cash_flow_reconciliations_day_version').on(t.officeId, t.day, t.version)],
);
