import { COLLECTION_STATUSES } from '@casedesk/contract/collections/account';
import {
  WORKFLOW_RUN_STATUSES,
  WORKFLOW_STEP_KINDS,
  WORKFLOW_STEP_RUN_STATUSES,
  WORKFLOW_TRIGGERS,
} from '@casedesk/contract/collections/workflow';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';
import { collectionAccounts } from './collections.tables.ts';

/**
 * A workflow: what starts it and which version of its steps new runs take. Name, trigger and `active` change
 * in place; the steps of a version that a run has started with never do (a change makes the next version).
 */
export const workflows = pgTable(
  'workflows',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull().unique(),
    trigger: text({ enum: WORKFLOW_TRIGGERS }).notNull(),
    /** STATUS_CHANGED only: the status changed to; null for any change. */
    toStatus: text({ enum: COLLECTION_STATUSES }),
    active: boolean().notNull().default(true),
    version: integer().notNull().default(1),
    createdById: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedById: uuid().references(() => users.id),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('workflows_to_status', sql`${t.toStatus} is null or ${t.trigger} = 'STATUS_CHANGED'`)],
);

/**
 * The steps of each version. The template is not a foreign key on purpose: the templates module may retire a
 * template a workflow still names, and the step is then refused when it comes ("the template no longer
 * exists") instead of the template's removal failing.
 */
export const workflowSteps = pgTable(
  'workflow_steps',
  {
    id: uuid().primaryKey().defaultRandom(),
    workflowId: uuid()
      .notNull()
      .references(() => workflows.id),
    version: integer().notNull(),
    stepIndex: integer().notNull(),
    kind: text({ enum: WORKFLOW_STEP_KINDS }).notNull(),
    templateId: uuid(),
    status: text({ enum: COLLECTION_STATUSES }),
    daysFromNow: integer(),
    message: text(),
    delayDays: integer().notNull(),
    atHour: integer(),
    businessDaysOnly: boolean().notNull(),
  },
  (t) => [
    unique('workflow_steps_version_index').on(t.workflowId, t.version, t.stepIndex),
    check('workflow_steps_delay', sql`${t.delayDays} between 0 and 365`),
    check('workflow_steps_hour', sql`${t.atHour} is null or ${t.atHour} between 0 and 23`),
    check(
      'workflow_steps_settings',
      sql`case ${t.kind}
        when 'SET_STATUS' then ${t.status} is not null and ${t.status} <> 'PAID'
        when 'SET_FOLLOW_UP' then ${t.daysFromNow} between 0 and 365
        when 'NOTIFY_COLLECTOR' then ${t.message} is not null
        else ${t.templateId} is not null end`,
    ),
  ],
);

/**
 * One workflow working one account, from the event that started it. One event starts a workflow once on an
 * account (the unique key with the event's id), and a workflow has at most one live run per account.
 */
export const workflowRuns = pgTable(
  'workflow_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    workflowId: uuid()
      .notNull()
      .references(() => workflows.id),
    version: integer().notNull(),
    accountId: uuid()
      .notNull()
      .references(() => collectionAccounts.id),
    trigger: text({ enum: WORKFLOW_TRIGGERS }).notNull(),
    /** The event's own id: the account's timeline event, the missed instalment … */
    triggerEventId: text().notNull(),
    status: text({ enum: WORKFLOW_RUN_STATUSES }).notNull().default('RUNNING'),
    statusReason: text(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('workflow_runs_one_per_event').on(t.workflowId, t.accountId, t.triggerEventId),
    uniqueIndex('workflow_runs_one_live')
      .on(t.workflowId, t.accountId)
      .where(sql`${t.status} in ('RUNNING', 'PAUSED')`),
    index('workflow_runs_account_idx').on(t.accountId, t.startedAt.desc()),
    index('workflow_runs_live_idx')
      .on(t.status)
      .where(sql`${t.status} in ('RUNNING', 'PAUSED')`),
  ],
);

/**
 * Each step of a run, all written when the run starts: the first with its due time, the others without one
 * until the step before them has run. A step runs once: its job claims it with a conditional update
 * (`status = 'PENDING'`) in the transaction that does the step, so a retry or another instance finds it done.
 */
export const workflowStepRuns = pgTable(
  'workflow_step_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    runId: uuid()
      .notNull()
      .references(() => workflowRuns.id),
    stepIndex: integer().notNull(),
    dueAt: timestamp({ withTimezone: true }),
    status: text({ enum: WORKFLOW_STEP_RUN_STATUSES }).notNull().default('PENDING'),
    /** When a job was last queued for it: the sweeper queues again only a step whose job is long overdue. */
    queuedAt: timestamp({ withTimezone: true }),
    /** Failed tries; after the last one the step is FAILED and the run goes on. */
    attempts: integer().notNull().default(0),
    lastError: text(),
    executedAt: timestamp({ withTimezone: true }),
    result: text(),
  },
  (t) => [
    unique('workflow_step_runs_run_step').on(t.runId, t.stepIndex),
    index('workflow_step_runs_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} = 'PENDING' and ${t.dueAt} is not null`),
  ],
);
