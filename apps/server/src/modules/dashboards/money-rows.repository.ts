import { OPEN_COLLECTION_STATUSES } from '@casedesk/contract/collections/account';
import type { SQL } from 'drizzle-orm';
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { alias } from 'drizzle-orm/pg-core';
import { cashFlowReconciliations, payments } from '../accounting/accounting.tables.ts';
import { clients } from '../clients/clients.tables.ts';
import { collectionAccounts } from '../collections/collections.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
// A deviation from the module rule (docs/dashboards.md): accounting's running totals, kept by its triggers, are read
// here as SQL the figure, its drill-down and its export share; no accounting service returns SQL to compose.
import { cashFlowDayTotals } from '../../db/schema.ts';
import type { RowSet } from './row-set.repository.ts';
import { isoInstant } from './row-set.repository.ts';

/**
 * The money rows: cash-flow entries (payments; a reversal is a row of negative amounts, so sums are the net),
 * collection accounts, and office days of the ledger with their reconciliation state.
 */

function as(table: PgTable, aliased: PgTable): SQL {
  return sql`${table} ${sql.identifier(getTableName(aliased))}`;
}

const payOffice = alias(offices, 'pay_office');
const payClient = alias(clients, 'pay_client');
const payEnteredBy = alias(users, 'pay_entered_by');

/** The money of an entry: fees and cost together (what the cash-flow lists total). */
export const PAYMENT_CENTS = sql`(${payments.feesCents} + ${payments.costCents})`;

/** The columns a payment predicate is written over: the entries' own, or their running totals'. */
export interface PaymentColumns {
  day: SQL;
  officeId: SQL;
}

/**
 * Cash-flow entries; their day is the office day stored with them (payment_date, in the office's zone). The
 * predicate is written once over the day and office columns and applied to the entries and, when nothing else
 * narrows them, to the cash-flow day totals, which count and sum the same entries (shown and hidden alike).
 */
export function paymentRows(title: string, predicate: (columns: PaymentColumns) => SQL, extra?: SQL): RowSet {
  const where = predicate({ day: sql`${payments.paymentDate}`, officeId: sql`${payments.officeId}` });
  const totalsWhere = predicate({
    day: sql`${cashFlowDayTotals.paymentDate}`,
    officeId: sql`${cashFlowDayTotals.officeId}`,
  });
  return {
    ...(extra
      ? {}
      : {
          totals: {
            from: sql`${cashFlowDayTotals}`,
            where: totalsWhere,
            rows: sql`${cashFlowDayTotals.entries}`,
            cents: sql`(${cashFlowDayTotals.feesCents} + ${cashFlowDayTotals.costCents})`,
            dimensions: {
              officeId: sql`${cashFlowDayTotals.officeId}`,
              day: sql`to_char(${cashFlowDayTotals.paymentDate}, 'YYYY-MM-DD')`,
              month: sql`to_char(${cashFlowDayTotals.paymentDate}, 'YYYY-MM')`,
            },
          },
        }),
    title,
    from: sql`${payments}`,
    display: sql`join ${as(offices, payOffice)} on ${payOffice.id} = ${payments.officeId} join ${as(clients, payClient)} on ${payClient.id} = ${payments.clientId} left join ${as(users, payEnteredBy)} on ${payEnteredBy.id} = ${payments.enteredById}`,
    where: extra ? sql`${where} and ${extra}` : where,
    columns: [
      { id: 'day', header: 'Payment Date', unit: 'day', expr: sql`to_char(${payments.paymentDate}, 'YYYY-MM-DD')` },
      { id: 'office', header: 'Office', unit: 'text', expr: sql`${payOffice.name}` },
      {
        id: 'client',
        header: 'Client',
        unit: 'text',
        expr: sql`trim(concat_ws(' ', ${payClient.firstName}, ${payClient.lastName}))`,
      },
      { id: 'receiptNum', header: 'Receipt Num', unit: 'text', expr: sql`${payments.receiptNumber}::text` },
      {
        id: 'paymentType',
        header: 'Payment Type',
        unit: 'text',
        expr: sql`${payments.paymentType} || case when ${payments.reversesId} is not null then ' (reversal)' else '' end`,
      },
      { id: 'fees', header: 'Fees', unit: 'cents', expr: sql`${payments.feesCents}` },
      { id: 'cost', header: 'Cost', unit: 'cents', expr: sql`${payments.costCents}` },
      { id: 'amount', header: 'Amount', unit: 'cents', expr: PAYMENT_CENTS },
      { id: 'enteredBy', header: 'Entered By', unit: 'text', expr: sql`${payEnteredBy.displayName}` },
      { id: 'time', header: 'Time', unit: 'instant', expr: isoInstant(payments.enteredAt) },
    ],
    order: sql`${payments.paymentDate} desc, ${payments.enteredAt} desc, ${payments.id}`,
    id: sql`${payments.id}`,
    measure: { kind: 'cents', cents: PAYMENT_CENTS },
    dimensions: {
      officeId: sql`${payments.officeId}`,
      day: sql`to_char(${payments.paymentDate}, 'YYYY-MM-DD')`,
      month: sql`to_char(${payments.paymentDate}, 'YYYY-MM')`,
    },
  };
}

export const OPEN_ACCOUNT = sql.raw(
  `collection_accounts.status in (${OPEN_COLLECTION_STATUSES.map((s) => `'${s}'`).join(', ')})`,
);
export const BALANCE_CENTS = sql`(${collectionAccounts.originalCents} + ${collectionAccounts.adjustmentsCents} - ${collectionAccounts.paidCents})`;

const accountOffice = alias(offices, 'account_office');
const accountClient = alias(clients, 'account_client');
const accountCollector = alias(users, 'account_collector');

/** Collection accounts; `cents` is their balance (original + adjustments − paid). */
export function accountRows(title: string, where: SQL): RowSet {
  return {
    title,
    from: sql`${collectionAccounts}`,
    display: sql`join ${as(offices, accountOffice)} on ${accountOffice.id} = ${collectionAccounts.officeId} join ${as(clients, accountClient)} on ${accountClient.id} = ${collectionAccounts.clientId} left join ${as(users, accountCollector)} on ${accountCollector.id} = ${collectionAccounts.collectorId}`,
    where,
    columns: [
      { id: 'accountNumber', header: 'Account', unit: 'text', expr: sql`${collectionAccounts.accountNumber}::text` },
      {
        id: 'client',
        header: 'Client',
        unit: 'text',
        expr: sql`trim(concat_ws(' ', ${accountClient.firstName}, ${accountClient.lastName}))`,
      },
      { id: 'office', header: 'Office', unit: 'text', expr: sql`${accountOffice.name}` },
      { id: 'status', header: 'Status', unit: 'text', expr: sql`${collectionAccounts.status}` },
      {
        id: 'followUpDate',
        header: 'Follow-up Date',
        unit: 'day',
        expr: sql`to_char(${collectionAccounts.followUpDate}, 'YYYY-MM-DD')`,
      },
      { id: 'collector', header: 'Collector', unit: 'text', expr: sql`${accountCollector.displayName}` },
      { id: 'balance', header: 'Balance', unit: 'cents', expr: BALANCE_CENTS },
    ],
    order: sql`${collectionAccounts.followUpDate} nulls last, ${collectionAccounts.accountNumber}`,
    id: sql`${collectionAccounts.id}`,
    measure: { kind: 'cents', cents: BALANCE_CENTS },
    dimensions: {
      officeId: sql`${collectionAccounts.officeId}`,
      userId: sql`${collectionAccounts.collectorId}`,
      day: sql`to_char(${collectionAccounts.followUpDate}, 'YYYY-MM-DD')`,
    },
  };
}

const dayOffice = alias(offices, 'day_office');

/**
 * Office days of the ledger (days with at least one entry, from its running totals) in a window of days, with
 * the latest version of their reconciliation; `where` decides which (e.g. not reconciled).
 */
export function ledgerDayRows(
  title: string,
  window: { from: string; to: string },
  officeScope: SQL,
  where: SQL,
): RowSet {
  const days = sql`(select t.office_id, t.payment_date as day, sum(t.entries)::int as entries,
      sum(t.fees_cents + t.cost_cents)::bigint as cents,
      (select r.status from ${cashFlowReconciliations} r where r.office_id = t.office_id and r.day = t.payment_date
        order by r.version desc limit 1) as status
    from ${cashFlowDayTotals} t
    where t.payment_date >= ${window.from}::date and t.payment_date <= ${window.to}::date
      and ${officeScope}
    group by 1, 2 having sum(t.entries) > 0) ledger_day`;
  return {
    title,
    from: days,
    display: sql`join ${as(offices, dayOffice)} on ${dayOffice.id} = ledger_day.office_id`,
    where,
    columns: [
      { id: 'day', header: 'Day', unit: 'day', expr: sql`to_char(ledger_day.day, 'YYYY-MM-DD')` },
      { id: 'office', header: 'Office', unit: 'text', expr: sql`${dayOffice.name}` },
      { id: 'entries', header: 'Entries', unit: 'count', expr: sql`ledger_day.entries` },
      { id: 'amount', header: 'Amount', unit: 'cents', expr: sql`ledger_day.cents` },
      { id: 'status', header: 'Status', unit: 'text', expr: sql`coalesce(ledger_day.status, 'OPEN')` },
    ],
    order: sql`ledger_day.day, ${dayOffice.name}`,
    id: sql`ledger_day.office_id::text || ':' || to_char(ledger_day.day, 'YYYY-MM-DD')`,
    measure: { kind: 'count' },
    dimensions: { officeId: sql`ledger_day.office_id`, day: sql`to_char(ledger_day.day, 'YYYY-MM-DD')` },
  };
}
