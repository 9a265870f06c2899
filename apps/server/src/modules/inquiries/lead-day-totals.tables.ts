import { bigint, date, pgTable, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * Running counts of the leads (inquiries) per office and UTC day of their creation, so a year of leads is counted
 * from thousands of rows (the corporate dashboard's trend, docs/dashboards.md). Kept by statement triggers on
 * `inquiries` in the writing transaction (migration 0047); never written by the app.
 */
export const leadDayTotals = pgTable(
  'lead_day_totals',
  {
    officeId: uuid(),
    day: date({ mode: 'string' }).notNull(),
    leads: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [unique('lead_day_totals_key').on(t.officeId, t.day).nullsNotDistinct()],
);
