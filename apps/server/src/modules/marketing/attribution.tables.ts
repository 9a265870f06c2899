import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { inquiries } from '../inquiries/inquiries.tables.ts';
import { offices } from '../offices/offices.tables.ts';

/*
 * The attribution report's running totals. They are derived from the calls table and nothing else writes
 * them: triggers on calls keep them in the same transaction as every insert, update or delete of a call
 * (migration 0023, docs/decisions/attribution-summary.md), so the seeds' set SQL, intake and the claiming
 * of unresolved calls all count alike. A call counts under the mapping in force when it came in, in the
 * month of its start time in its office's time zone; both are fixed once the call is taken.
 */

/** A caller's tracked calls to one office's lines of a source in a month ('' is a call without caller id). */
export const attributionCallerMonths = pgTable(
  'attribution_caller_months',
  {
    source: text().notNull(),
    /** yyyy-MM in the office's time zone. */
    month: text().notNull(),
    callerId: text().notNull(),
    officeId: uuid()
      .notNull()
      .references(() => offices.id),
    calls: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.month, t.callerId, t.officeId] }),
    index('attribution_caller_months_office_month_idx').on(t.officeId, t.month),
  ],
);

/** The callers of a source in a month across offices: a caller counts once however many offices they rang. */
export const attributionSourceCallers = pgTable(
  'attribution_source_callers',
  {
    source: text().notNull(),
    month: text().notNull(),
    callerId: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.source, t.month, t.callerId] })],
);

/** Firm-wide calls and distinct callers (with a caller id) of a source in a month. */
export const attributionSourceMonths = pgTable(
  'attribution_source_months',
  {
    source: text().notNull(),
    month: text().notNull(),
    calls: integer().notNull(),
    uniqueCallers: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.source, t.month] })],
);

/**
 * A lead: an inquiry reached by tracked calls, once however often it called. Its first touch is its first
 * tracked call (which also gives its month and its office for scope), its last touch its latest one.
 */
export const attributionLeads = pgTable(
  'attribution_leads',
  {
    inquiryId: uuid()
      .primaryKey()
      .references(() => inquiries.id),
    officeId: uuid()
      .notNull()
      .references(() => offices.id),
    firstMonth: text().notNull(),
    firstCallTime: timestamp({ withTimezone: true }).notNull(),
    firstSource: text().notNull(),
    lastCallTime: timestamp({ withTimezone: true }).notNull(),
    lastSource: text().notNull(),
  },
  (t) => [index('attribution_leads_first_month_idx').on(t.firstMonth, t.officeId)],
);
