import { PAYMENT_TYPES } from '@casedesk/contract/accounting/payment';
import { bigint, boolean, date, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * Running totals of the cash-flow ledger (docs/decisions/0007-cash-flow-running-totals.md): per office day and
 * every other column a filter can name except the client, the count and the sums of fees and cost of its
 * entries. `shown` splits what the lists show by default from reversed entries and their reversals. Kept by a
 * statement trigger on `payments` in the inserting transaction (migration 0027); never written by the app.
 */
export const cashFlowDayTotals = pgTable(
  'cash_flow_day_totals',
  {
    officeId: uuid().notNull(),
    paymentDate: date({ mode: 'string' }).notNull(),
    paymentType: text({ enum: PAYMENT_TYPES }).notNull(),
    officeEntered: boolean().notNull(),
    lawTypeId: uuid(),
    enteredById: uuid(),
    /** False for a reversed entry and for a reversal: the lists leave both out unless "Show reversed" is on. */
    shown: boolean().notNull(),
    entries: bigint({ mode: 'number' }).notNull(),
    feesCents: bigint({ mode: 'number' }).notNull(),
    costCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    unique('cash_flow_day_totals_key')
      .on(t.officeId, t.paymentDate, t.paymentType, t.officeEntered, t.lawTypeId, t.enteredById, t.shown)
      .nullsNotDistinct(),
  ],
);
