import { CASH_FLOW_REPORT_STATES } from '@casedesk/contract/accounting/cash-flow-report';
import {
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

/** PostgreSQL bytea as a Buffer (node-postgres gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Cash-flow report PDFs too large to build inside a request (docs/accounting.md, "Cash-flow report"): the request
 * as it was asked (filter, sort, offset), who asked, how far the background job has come, and the finished PDF.
 * Only the requester reads a report; a finished one is kept for a day and then purged (it is a copy of the
 * ledger, not part of it).
 */
export const cashFlowReports = pgTable(
  'cash_flow_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    requestedById: uuid()
      .notNull()
      .references(() => users.id),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The list request and the offset the times are printed at. */
    request: jsonb().notNull(),
    offsetHours: doublePrecision().notNull(),
    state: text({ enum: CASH_FLOW_REPORT_STATES }).notNull().default('QUEUED'),
    rowsTotal: integer().notNull(),
    rowsDone: integer().notNull().default(0),
    finishedAt: timestamp({ withTimezone: true }),
    error: text(),
    pdf: bytea(),
  },
  (t) => [index('cash_flow_reports_requested_idx').on(t.requestedById, t.requestedAt)],
);
