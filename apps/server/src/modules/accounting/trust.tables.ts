import { THREE_WAY_STATUSES, TRUST_ENTRY_KINDS } from '@casedesk/contract/accounting/trust';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { inquiries } from '../inquiries/inquiries.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import { payments } from './accounting.tables.ts';

/**
 * Client trust money (docs/accounting.md): each matter's ledger in an office's trust account. Append-only
 * (migration 0027); a mistake is corrected by an opposite entry linked by reverses_id. The client is the
 * matter's (no client column, so a client merge moves it with the matter).
 */
export const trustLedgerEntries = pgTable(
  'trust_ledger_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    officeId: uuid()
      .notNull()
      .references(() => offices.id),
    inquiryId: uuid()
      .notNull()
      .references(() => inquiries.id),
    kind: text({ enum: TRUST_ENTRY_KINDS }).notNull(),
    /** Signed: money in is positive, money out negative. */
    amountCents: bigint({ mode: 'number' }).notNull(),
    payee: text(),
    purpose: text(),
    reason: text(),
    /** The office day it counts for. */
    entryDate: date({ mode: 'string' }).notNull(),
    enteredById: uuid().references(() => users.id),
    enteredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** A deposit's (or its reversal's) payment. */
    paymentId: uuid().references(() => payments.id),
    reversesId: uuid().references((): AnyPgColumn => trustLedgerEntries.id),
  },
  (t) => [
    // Covers the three-way reconciliation's one pass over an office's entries (an index-only scan).
    index('trust_entries_office_date_idx').on(t.officeId, t.entryDate, t.inquiryId, t.amountCents),
    index('trust_entries_inquiry_idx').on(t.inquiryId, t.enteredAt),
    uniqueIndex('trust_entries_payment_unique')
      .on(t.paymentId)
      .where(sql`${t.paymentId} is not null`),
    uniqueIndex('trust_entries_reverses_unique')
      .on(t.reversesId)
      .where(sql`${t.reversesId} is not null`),
    check(
      'trust_entries_kind_shape',
      sql`(${t.kind} = 'DEPOSIT' and ${t.amountCents} > 0 and ${t.paymentId} is not null and ${t.reversesId} is null)
       or (${t.kind} = 'DEPOSIT_REVERSAL' and ${t.amountCents} < 0 and ${t.paymentId} is not null and ${t.reversesId} is not null)
       or (${t.kind} = 'DISBURSEMENT' and ${t.amountCents} < 0 and ${t.payee} is not null and ${t.purpose} is not null
           and ${t.reversesId} is null)
       or (${t.kind} = 'DISBURSEMENT_REVERSAL' and ${t.amountCents} > 0 and ${t.reason} is not null
           and ${t.reversesId} is not null)`,
    ),
  ],
);

/**
 * Each matter's running balance in an office's trust account, kept by a trigger on every ledger entry. Its row
 * is the lock concurrent disbursements queue on, and the check makes a balance below zero impossible.
 */
export const trustBalances = pgTable(
  'trust_balances',
  {
    officeId: uuid()
      .notNull()
      .references(() => offices.id),
    inquiryId: uuid()
      .notNull()
      .references(() => inquiries.id),
    balanceCents: bigint({ mode: 'number' }).notNull(),
    lastEntryAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.officeId, t.inquiryId] }),
    check('trust_balances_not_negative', sql`${t.balanceCents} >= 0`),
  ],
);

/** The versions of an office month's three-way reconciliation, never changed; the latest decides. */
export const trustReconciliations = pgTable(
  'trust_reconciliations',
  {
    id: uuid().primaryKey().defaultRandom(),
    officeId: uuid()
      .notNull()
      .references(() => offices.id),
    /** yyyy-MM. */
    month: text().notNull(),
    version: integer().notNull(),
    status: text({ enum: THREE_WAY_STATUSES }).notNull(),
    statementCents: bigint({ mode: 'number' }).notNull(),
    bookCents: bigint({ mode: 'number' }).notNull(),
    ledgersCents: bigint({ mode: 'number' }).notNull(),
    note: text(),
    byId: uuid().references(() => users.id),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('trust_reconciliations_month_version').on(t.officeId, t.month, t.version)],
);
