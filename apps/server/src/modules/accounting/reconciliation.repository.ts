import type { Scope } from '@casedesk/contract/access/permissions';
import type {
  Deposit,
  DepositWrite,
  ReconRow,
  ReconStatus,
  ReconTotal,
} from '@casedesk/contract/accounting/reconciliation';
import type { SQL } from 'drizzle-orm';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { users } from '../users/users.tables.ts';
import { bankDeposits, cashFlowReconciliations } from './accounting.tables.ts';
import { cashFlowDayTotals } from './cash-flow-totals.tables.ts';

/** An office and the days from `from` up to (not including) `to`, yyyy-MM-dd. */
export interface ReconWindow {
  from: string;
  to: string;
  officeId?: string | undefined;
}

/**
 * Per office day: the office-entered and the accounting-posted totals (reversals included: the money is the
 * net; read from the ledger's running totals, shown and hidden alike), the deposits, and the latest version of the day's reconciliation. Every row of every source counts,
 * so the table, its total and the figures a reconciliation signs are the same sums.
 */
function reconDays(window: ReconWindow, scope: Scope): SQL {
  const only = (column: SQL) =>
    and(officeScopeSql(column, scope), window.officeId ? sql`${column} = ${window.officeId}` : undefined) ?? sql`true`;
  return sql`
    entries as (
      select p.office_id, p.payment_date as day,
             coalesce(sum(p.fees_cents + p.cost_cents) filter (where p.office_entered), 0) as office_cents,
             coalesce(sum(p.fees_cents + p.cost_cents) filter (where not p.office_entered), 0) as accounting_cents
      from ${cashFlowDayTotals} p
      where p.payment_date >= ${window.from}::date and p.payment_date < ${window.to}::date and ${only(sql`p.office_id`)}
      group by 1, 2
      having sum(p.entries) > 0),
    deposits as (
      select d.office_id, d.deposit_date as day, sum(d.amount_cents) as deposit_cents
      from ${bankDeposits} d
      where d.deposit_date >= ${window.from}::date and d.deposit_date < ${window.to}::date and ${only(sql`d.office_id`)}
      group by 1, 2),
    latest as (
      select distinct on (r.office_id, r.day) r.office_id, r.day, r.version, r.status, r.note, r.at, r.by_id
      from ${cashFlowReconciliations} r
      where r.day >= ${window.from}::date and r.day < ${window.to}::date and ${only(sql`r.office_id`)}
      order by r.office_id, r.day, r.version desc),
    days as (
      select office_id, day,
             coalesce(e.office_cents, 0)::bigint as office_cents,
             coalesce(e.accounting_cents, 0)::bigint as accounting_cents,
             coalesce(d.deposit_cents, 0)::bigint as deposit_cents,
             l.version, l.status, l.note, l.at, l.by_id
      from entries e
      full join deposits d using (office_id, day)
      full join latest l using (office_id, day))`;
}

type Raw = Record<string, string | number | null>;

async function rows(db: Db, query: SQL): Promise<Raw[]> {
  const result = (await db.execute(query)) as unknown as { rows: Raw[] };
  return result.rows;
}

const num = (v: string | number | null | undefined) => Number(v ?? 0);
const statusOf = (status: string | number | null | undefined): ReconStatus =>
  status === 'RECONCILED' ? 'RECONCILED' : status === 'REOPENED' ? 'REOPENED' : 'OPEN';

/** The month's office days, by day then office name. */
export async function findReconDays(db: Db, window: ReconWindow, scope: Scope): Promise<ReconRow[]> {
  const found = await rows(
    db,
    sql`with ${reconDays(window, scope)}
      select days.*, to_char(days.day, 'YYYY-MM-DD') as day_text, o.name as office, u.display_name as by_name
      from days join offices o on o.id = days.office_id left join ${users} u on u.id = days.by_id
      order by days.day, o.name`,
  );
  return found.map((r) => {
    const officeEnteredCents = num(r.office_cents);
    const accountingCents = num(r.accounting_cents);
    const depositCents = num(r.deposit_cents);
    const status = statusOf(r.status);
    const signed = status === 'RECONCILED';
    return {
      officeId: String(r.office_id),
      office: String(r.office),
      day: String(r.day_text),
      officeEnteredCents,
      accountingCents,
      depositCents,
      differenceCents: depositCents - officeEnteredCents - accountingCents,
      status,
      version: r.version === null ? null : num(r.version),
      reconciledBy: signed ? ((r.by_name as string | null) ?? null) : null,
      reconciledAt: signed && r.at ? new Date(r.at).toISOString() : null,
      note: (r.note as string | null) ?? null,
    };
  });
}

/** The month's sums over the same office days as the table. */
export async function sumReconDays(db: Db, window: ReconWindow, scope: Scope): Promise<ReconTotal> {
  const [r] = await rows(
    db,
    sql`with ${reconDays(window, scope)}
      select coalesce(sum(office_cents), 0) as office_cents, coalesce(sum(accounting_cents), 0) as accounting_cents,
             coalesce(sum(deposit_cents), 0) as deposit_cents, count(*) as days,
             count(*) filter (where status = 'RECONCILED') as reconciled_days,
             count(*) filter (where deposit_cents <> office_cents + accounting_cents) as days_with_difference
      from days`,
  );
  const officeEnteredCents = num(r?.office_cents);
  const accountingCents = num(r?.accounting_cents);
  const depositCents = num(r?.deposit_cents);
  return {
    officeEnteredCents,
    accountingCents,
    depositCents,
    differenceCents: depositCents - officeEnteredCents - accountingCents,
    days: num(r?.days),
    reconciledDays: num(r?.reconciled_days),
    daysWithDifference: num(r?.days_with_difference),
  };
}

/** The latest version of an office day's reconciliation, if any. */
export async function findLatestVersion(db: Db, officeId: string, day: string) {
  const [row] = await db
    .select({ version: cashFlowReconciliations.version, status: cashFlowReconciliations.status })
    .from(cashFlowReconciliations)
    .where(and(eq(cashFlowReconciliations.officeId, officeId), eq(cashFlowReconciliations.day, day)))
    .orderBy(desc(cashFlowReconciliations.version))
    .limit(1);
  return row;
}

export type NewReconVersion = typeof cashFlowReconciliations.$inferInsert;

export async function insertReconVersion(tx: Db, values: NewReconVersion): Promise<void> {
  await tx.insert(cashFlowReconciliations).values(values);
}

export async function insertDeposit(tx: Db, values: DepositWrite, enteredById: string): Promise<Deposit> {
  const [row] = await tx
    .insert(bankDeposits)
    .values({ ...values, enteredById })
    .returning();
  return {
    id: row!.id,
    officeId: row!.officeId,
    depositDate: row!.depositDate,
    amountCents: Number(row!.amountCents),
    reference: row!.reference,
    enteredBy: null,
    enteredAt: row!.enteredAt.toISOString(),
  };
}
