import { COLLECTION_STATUSES, TIMELINE_KINDS } from '@casedesk/contract/collections/account';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from '../clients/clients.tables.ts';
import { inquiries } from '../inquiries/inquiries.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';

/** Payment Plan, Pay in Full, Settlement …: the list accounts are worked on, managed by admins. */
export const collectionTerms = pgTable('collection_terms', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull().unique(),
  /** SPEC §5's template rule asks whether the term is Payment Plan; a renamed term keeps its meaning. */
  isPaymentPlan: boolean().notNull().default(false),
  active: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const collectionAccountNumbers = pgSequence('collection_account_numbers', { startWith: 100001 });

/**
 * Money a client owes the firm on a matter. `paid_cents` and `last_payment_date` are kept by a trigger on
 * `payments` (the cash-flow entries carrying the account, reversals included) and `adjustments_cents` by one
 * on `collection_adjustments`, in the inserting transaction; the app never writes them. The balance is
 * original + adjustments − paid.
 */
export const collectionAccounts = pgTable(
  'collection_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountNumber: integer()
      .notNull()
      .unique()
      .default(sql`nextval('collection_account_numbers')`),
    officeId: uuid()
      .notNull()
      .references(() => offices.id),
    clientId: uuid()
      .notNull()
      .references(() => clients.id),
    /** The matter the money is owed on. */
    inquiryId: uuid().references(() => inquiries.id),
    status: text({ enum: COLLECTION_STATUSES }).notNull().default('ACTIVE'),
    termId: uuid().references(() => collectionTerms.id),
    collectorId: uuid().references(() => users.id),
    followUpDate: date({ mode: 'string' }),
    originalCents: bigint({ mode: 'number' }).notNull(),
    paidCents: bigint({ mode: 'number' }).notNull().default(0),
    adjustmentsCents: bigint({ mode: 'number' }).notNull().default(0),
    lastPaymentDate: date({ mode: 'string' }),
    /**
     * The open plan's status (ACTIVE or PAUSED; null without an open plan) and whether it has a missed
     * instalment: kept by triggers on `payment_plans` and `payment_plan_instalments` (the app never writes them),
     * so the dashboard's plan figures come from the running totals (docs/collections-dashboard.md).
     */
    planStatus: text({ enum: ['ACTIVE', 'PAUSED'] }),
    planMissed: boolean().notNull().default(false),
    openedById: uuid().references(() => users.id),
    openedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('collection_accounts_office_idx').on(t.officeId, t.status),
    index('collection_accounts_collector_idx').on(t.collectorId, t.status),
    index('collection_accounts_client_idx').on(t.clientId),
    // The all-accounts page's default order (follow-up date, soonest first, then the account number), for the
    // whole firm, one office and one collector: a page is the first rows of an index, however many accounts.
    // Migration 0039 makes it cover the totals' columns too (INCLUDE, which drizzle cannot declare).
    index('collection_accounts_follow_up_idx').on(t.followUpDate, t.accountNumber),
    index('collection_accounts_office_follow_up_idx').on(t.officeId, t.followUpDate, t.accountNumber),
    index('collection_accounts_collector_follow_up_idx').on(t.collectorId, t.followUpDate, t.accountNumber),
    check('collection_accounts_original', sql`${t.originalCents} > 0`),
  ],
);

/**
 * The account's own history: status changes (with the old and new status), notes, assignments, follow-up
 * changes, plan events, workflow steps, refused contacts. Append-only; the timeline merges it with the calls,
 * texts, payments and mail that carry the account.
 */
export const collectionAccountEvents = pgTable(
  'collection_account_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid()
      .notNull()
      .references(() => collectionAccounts.id),
    kind: text({ enum: TIMELINE_KINDS }).notNull(),
    fromStatus: text({ enum: COLLECTION_STATUSES }),
    toStatus: text({ enum: COLLECTION_STATUSES }),
    title: text().notNull(),
    detail: text(),
    data: jsonb(),
    byId: uuid().references(() => users.id),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('collection_account_events_account_idx').on(t.accountId, t.at.desc())],
);

/** Write-offs and corrections of what is owed; append-only, corrected by an opposite adjustment. */
export const collectionAdjustments = pgTable(
  'collection_adjustments',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid()
      .notNull()
      .references(() => collectionAccounts.id),
    amountCents: bigint({ mode: 'number' }).notNull(),
    reason: text().notNull(),
    byId: uuid().references(() => users.id),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('collection_adjustments_account_idx').on(t.accountId),
    check('collection_adjustments_amount', sql`${t.amountCents} <> 0`),
  ],
);
