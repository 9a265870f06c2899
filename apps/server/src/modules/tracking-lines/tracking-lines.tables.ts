import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { offices } from '../offices/offices.tables.ts';

/**
 * A marketing tracking line (SPEC §2 Marketing): the number a caller dialed (DNIS) tells which
 * advertisement brought them (source) and where the line rings (point to).
 */
export const trackingLines = pgTable(
  'tracking_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    dnis: text().notNull().unique(),
    source: text().notNull(),
    pointTo: text().notNull(),
    officeId: uuid().references(() => offices.id),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('tracking_lines_dnis_digits', sql`${t.dnis} ~ '^[0-9]{10}$'`)],
);
