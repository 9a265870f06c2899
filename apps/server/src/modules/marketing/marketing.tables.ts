import { TRACKING_LINE_TYPES } from '@casedesk/contract/marketing/tracking-line';
import type { SQL } from 'drizzle-orm';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * A marketing tracking line (SPEC §2 Marketing): the advertised number a caller dialed (DNIS). What the
 * number means (source, campaign, where it rings) lives in its mappings, which change from a date on.
 */
export const trackingLines = pgTable(
  'tracking_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    dnis: text().notNull(),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deactivatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('tracking_lines_dnis_digits', sql`${t.dnis} ~ '^[0-9]{10}$'`),
    // One active line per number, so an incoming call resolves to one line; a retired number may come back.
    uniqueIndex('tracking_lines_active_dnis')
      .on(t.dnis)
      .where(sql`${t.active}`),
  ],
);

/**
 * One version of what a tracking line means, in force from effective_from until effective_to (open when
 * null). A call is attributed to the version in force when it came in; versions are only ever closed,
 * never rewritten, and a line's versions never overlap (exclusion constraint, migration 0018).
 */
export const trackingLineMappings = pgTable(
  'tracking_line_mappings',
  {
    id: uuid().primaryKey().defaultRandom(),
    trackingLineId: uuid()
      .notNull()
      .references(() => trackingLines.id),
    source: text().notNull(),
    campaign: text().notNull().default(''),
    type: text({ enum: TRACKING_LINE_TYPES }).notNull().default('OTHER'),
    /** Where the line rings: an office or the call centre (an office of type CALL_CENTER). */
    pointToOfficeId: uuid()
      .notNull()
      .references(() => offices.id),
    /** The office the line's calls belong to (their office scope, SPEC §6). */
    officeId: uuid()
      .notNull()
      .references(() => offices.id),
    effectiveFrom: timestamp({ withTimezone: true }).notNull(),
    effectiveTo: timestamp({ withTimezone: true }),
    createdById: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tracking_line_mappings_line_from_idx').on(t.trackingLineId, t.effectiveFrom),
    index('tracking_line_mappings_source_idx').on(t.source),
    check('tracking_line_mappings_range', sql`${t.effectiveTo} is null or ${t.effectiveTo} >= ${t.effectiveFrom}`),
  ],
);

/**
 * What marketing spent on a source in a month, typed in (integer cents). Append-only: a correction is a
 * newer entry for the same source and month, and the newest is the amount shown.
 */
export const marketingSpendEntries = pgTable(
  'marketing_spend_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    source: text().notNull(),
    /** yyyy-MM. */
    month: text().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    enteredById: uuid().references(() => users.id),
    enteredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('marketing_spend_entries_month_source_idx').on(t.month, t.source, t.enteredAt),
    check('marketing_spend_entries_month', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('marketing_spend_entries_amount', sql`${t.amountCents} >= 0`),
  ],
);

/**
 * Joins a call to the mapping version in force when it came in (its attribution): the call list, the
 * call summary and the attribution report all read a call's source through this one condition. The open
 * end is written as infinity rather than `is null or`, so both ends bound a range of an index on the
 * call's time (calls_inbound_line_time_idx: a version's calls are one range of it).
 */
export function mappingInForceAt(lineId: AnyPgColumn | SQL, at: AnyPgColumn | SQL): SQL {
  return and(
    eq(trackingLineMappings.trackingLineId, lineId),
    lte(trackingLineMappings.effectiveFrom, at),
    sql`${at} < coalesce(${trackingLineMappings.effectiveTo}, 'infinity'::timestamptz)`,
  )!;
}
