import type { CollectionReportGroup } from '@casedesk/contract/collections/report';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { AccountScope } from './collection-dashboard.query.ts';
import { accountScopeSql, rowsOf } from './collection-dashboard.query.ts';

export interface DayRange {
  from: string;
  to: string;
}

/** The group key of a report row: a day of `day`, its week's Monday, its month's first day, the office or collector. */
function reportKeySql(groupBy: CollectionReportGroup, day: SQL): SQL<string> {
  switch (groupBy) {
    case 'DAY':
      return sql<string>`to_char(${day}, 'YYYY-MM-DD')`;
    case 'WEEK':
      return sql<string>`to_char(date_trunc('week', ${day}), 'YYYY-MM-DD')`;
    case 'MONTH':
      return sql<string>`to_char(${day}, 'YYYY-MM-01')`;
    case 'OFFICE':
      return sql<string>`a.office_id::text`;
    case 'COLLECTOR':
      return sql<string>`coalesce(a.collector_id::text, 'none')`;
  }
}

export interface CollectedRecord {
  key: string | null;
  accounts: number;
  payments: number;
  reversals: number;
  collectedCents: number;
}

/**
 * Money collected on accounts in scope, per group and in total (key null): the cash-flow entries carrying an
 * account, dated in the range (payment dates are office days, compared as they are), reversals netted.
 */
export async function collectedByGroup(
  db: Db,
  scope: AccountScope,
  groupBy: CollectionReportGroup,
  range: DayRange,
): Promise<CollectedRecord[]> {
  const result = await db.execute(sql`select case when grouping(x.key) = 1 then null else x.key end as key,
      count(distinct x.account_id)::int as accounts,
      count(*) filter (where x.reverses_id is null)::int as payments,
      count(*) filter (where x.reverses_id is not null)::int as reversals,
      coalesce(sum(x.cents), 0)::bigint as collected_cents
    from (
      select ${reportKeySql(groupBy, sql`p.payment_date`)} as key, p.collection_account_id as account_id,
             p.reverses_id, p.fees_cents + p.cost_cents as cents
        from payments p
        join collection_accounts a on a.id = p.collection_account_id
       where p.collection_account_id is not null
         and p.payment_date between ${range.from}::date and ${range.to}::date
         and ${accountScopeSql(scope)}
    ) x
    group by rollup (x.key)`);
  return rowsOf<Record<string, string | number | null>>(result).map((r) => ({
    key: r.key === null ? null : String(r.key),
    accounts: Number(r.accounts),
    payments: Number(r.payments),
    reversals: Number(r.reversals),
    collectedCents: Number(r.collected_cents),
  }));
}

export interface PlanRecord {
  key: string | null;
  due: number;
  dueCents: number;
  kept: number;
  keptCents: number;
  missed: number;
  missedCents: number;
  pending: number;
}

/**
 * Plan instalments due in the range on accounts in scope, per group and in total (key null): kept (PAID),
 * missed, and pending (still DUE or PAUSED). The unsettled instalments of a cancelled plan are no promise any
 * more and are left out.
 */
export async function planPerformanceByGroup(
  db: Db,
  scope: AccountScope,
  groupBy: CollectionReportGroup,
  range: DayRange,
): Promise<PlanRecord[]> {
  const result = await db.execute(sql`select case when grouping(x.key) = 1 then null else x.key end as key,
      count(*)::int as due, coalesce(sum(x.cents), 0)::bigint as due_cents,
      count(*) filter (where x.status = 'PAID')::int as kept,
      coalesce(sum(x.cents) filter (where x.status = 'PAID'), 0)::bigint as kept_cents,
      count(*) filter (where x.status = 'MISSED')::int as missed,
      coalesce(sum(x.cents) filter (where x.status = 'MISSED'), 0)::bigint as missed_cents,
      count(*) filter (where x.status in ('DUE', 'PAUSED'))::int as pending
    from (
      select ${reportKeySql(groupBy, sql`i.due_date`)} as key, i.status, i.amount_cents as cents
        from payment_plan_instalments i
        join payment_plans p on p.id = i.plan_id
        join collection_accounts a on a.id = p.account_id
       where i.due_date between ${range.from}::date and ${range.to}::date
         and not (p.status = 'CANCELLED' and i.status in ('DUE', 'PAUSED'))
         and ${accountScopeSql(scope)}
    ) x
    group by rollup (x.key)`);
  return rowsOf<Record<string, string | number | null>>(result).map((r) => ({
    key: r.key === null ? null : String(r.key),
    due: Number(r.due),
    dueCents: Number(r.due_cents),
    kept: Number(r.kept),
    keptCents: Number(r.kept_cents),
    missed: Number(r.missed),
    missedCents: Number(r.missed_cents),
    pending: Number(r.pending),
  }));
}

/** Office names by id. */
export async function officeNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute(
    sql`select id, name from offices where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return new Map(rowsOf<{ id: string; name: string }>(result).map((r) => [r.id, r.name]));
}
