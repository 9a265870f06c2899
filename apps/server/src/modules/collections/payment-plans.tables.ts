import { INSTALMENT_STATUSES, PLAN_FREQUENCIES, PLAN_STATUSES } from '@casedesk/contract/collections/payment-plan';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import { collectionAccounts } from './collections.tables.ts';

/** A payment plan on an account; at most one open (ACTIVE or PAUSED) plan per account. */
export const paymentPlans = pgTable(
  'payment_plans',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid()
      .notNull()
      .references(() => collectionAccounts.id),
    status: text({ enum: PLAN_STATUSES }).notNull().default('ACTIVE'),
    createdById: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_plans_one_open')
      .on(t.accountId)
      .where(sql`${t.status} in ('ACTIVE', 'PAUSED')`),
    // The account's plans, closed ones too (the plan panel lists them all).
    index('payment_plans_account_idx').on(t.accountId),
  ],
);

/** The terms of a plan, versioned: a change adds a version; the earlier ones stay. */
export const paymentPlanVersions = pgTable(
  'payment_plan_versions',
  {
    id: uuid().primaryKey().defaultRandom(),
    planId: uuid()
      .notNull()
      .references(() => paymentPlans.id),
    version: integer().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    frequency: text({ enum: PLAN_FREQUENCIES }).notNull(),
    firstDueDate: date({ mode: 'string' }).notNull(),
    instalmentCount: integer(),
    byId: uuid().references(() => users.id),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('payment_plan_versions_plan_version').on(t.planId, t.version)],
);

/**
 * The schedule. `reminded_at` and `missed_at` are set once, by the jobs, with a conditional update: a retry or
 * a second instance finds them set and does nothing (docs/collections-payment-plans.md, Jobs).
 */
export const paymentPlanInstalments = pgTable(
  'payment_plan_instalments',
  {
    id: uuid().primaryKey().defaultRandom(),
    planId: uuid()
      .notNull()
      .references(() => paymentPlans.id),
    version: integer().notNull(),
    seq: integer().notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    status: text({ enum: INSTALMENT_STATUSES }).notNull().default('DUE'),
    remindedAt: timestamp({ withTimezone: true }),
    missedAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('payment_plan_instalments_plan_seq').on(t.planId, t.seq),
    index('payment_plan_instalments_due_idx').on(t.dueDate, t.status),
  ],
);

/** Pauses, backdated up to seven days, with the reason and an optional resume date. */
export const paymentPlanPauses = pgTable(
  'payment_plan_pauses',
  {
    id: uuid().primaryKey().defaultRandom(),
    planId: uuid()
      .notNull()
      .references(() => paymentPlans.id),
    pausedFrom: date({ mode: 'string' }).notNull(),
    resumeOn: date({ mode: 'string' }),
    resumedAt: timestamp({ withTimezone: true }),
    reason: text().notNull(),
    byId: uuid().references(() => users.id),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_plan_pauses_plan_idx').on(t.planId)],
);

/**
 * One row per office and office day of the daily plan job (docs/collections-payment-plans.md, Jobs): every
 * instance looks each few minutes whether an office's day has come and its run is not finished, and queues it
 * once (a pg-boss singleton key per office and day). The counts add up over the runs of the day; a second run
 * finds nothing to do and adds zeros.
 */
export const paymentPlanDayRuns = pgTable(
  'payment_plan_day_runs',
  {
    officeId: uuid()
      .notNull()
      .references(() => offices.id),
    day: date({ mode: 'string' }).notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    resumed: integer().notNull().default(0),
    missed: integer().notNull().default(0),
    kept: integer().notNull().default(0),
    reminded: integer().notNull().default(0),
    completed: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.officeId, t.day] })],
);
