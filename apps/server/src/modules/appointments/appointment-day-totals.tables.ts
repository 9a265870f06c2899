import { bigint, date, integer, pgTable, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * Running counts of the live (not deleted) appointments per office, UTC day of their time and stage, so a year
 * of appointments is counted from thousands of rows instead of a million (the corporate dashboard's funnel and
 * trends, docs/dashboards.md). Kept by statement triggers on `appointments` in the writing transaction
 * (migration 0047); never written by the app. A day is UTC so it means one span of instants in every zone.
 */
export const appointmentDayTotals = pgTable(
  'appointment_day_totals',
  {
    officeId: uuid().notNull(),
    day: date({ mode: 'string' }).notNull(),
    stageId: integer().notNull(),
    appointments: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [unique('appointment_day_totals_key').on(t.officeId, t.day, t.stageId)],
);
