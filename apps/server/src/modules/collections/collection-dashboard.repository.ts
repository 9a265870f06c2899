import type { Scope } from '@casedesk/contract/access/permissions';
import type { CollectionStatus } from '@casedesk/contract/collections/account';
import { COLLECTION_STATUSES, OPEN_COLLECTION_STATUSES } from '@casedesk/contract/collections/account';
import type { DayRange } from '@casedesk/contract/collections/dashboard';
import type { AgingBucket, PlanState } from '@casedesk/contract/collections/dashboard-filters';
import { AGING_BUCKETS, PLAN_STATES, agingDateRange } from '@casedesk/contract/collections/dashboard-filters';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import type { AccountScope, FigureGroup } from './collection-dashboard.query.ts';
import { accountScopeSql, groupKeySql, rowsOf } from './collection-dashboard.query.ts';

/** A count of accounts and an amount in cents. */
export interface Totals {
  count: number;
  cents: number;
}

/** The figures about accounts as they stand, each a slot of one grouped pass over the accounts. */
export type AccountSlot =
  | 'all'
  | 'open'
  | `status:${CollectionStatus}`
  | `plan:${PlanState}`
  | `aging:${AgingBucket}`
  | 'followUp:PAST'
  | 'followUp:TODAY';

export type AccountTotals = Record<AccountSlot, Totals>;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * Each slot's condition on the row `a` of accountRowsSql. They are the SQL of the account-list filters the
 * figures carry (docs/collections-dashboard.md), which the property test holds to the list's meaning.
 */
function slotConditions(today: string): [AccountSlot, SQL][] {
  const open = sql`a.status in (${list(OPEN_COLLECTION_STATUSES)})`;
  const aged = (bucket: AgingBucket) => {
    const { from, to } = agingDateRange(bucket, today);
    const bounds = [
      from === null ? sql`true` : sql`a.aged_on >= ${from}::date`,
      to === null ? sql`true` : sql`a.aged_on <= ${to}::date`,
    ];
    return sql`${open} and a.balance >= 1 and ${sql.join(bounds, sql` and `)}`;
  };
  const plan: Record<PlanState, SQL> = {
    ACTIVE: sql`a.plan_status = 'ACTIVE'`,
    PAUSED: sql`a.plan_status = 'PAUSED'`,
    MISSED: sql`a.plan_missed`,
  };
  return [
    ['all', sql`true`],
    ['open', open],
    ...COLLECTION_STATUSES.map((s): [AccountSlot, SQL] => [`status:${s}`, sql`a.status = ${s}`]),
    ...PLAN_STATES.map((s): [AccountSlot, SQL] => [`plan:${s}`, plan[s]]),
    ...AGING_BUCKETS.map((b): [AccountSlot, SQL] => [`aging:${b}`, aged(b)]),
    ['followUp:PAST', sql`${open} and a.follow_up_date < ${today}::date`],
    ['followUp:TODAY', sql`${open} and a.follow_up_date = ${today}::date`],
  ];
}

/**
 * The accounts in scope with what the figures read: the balance (original + adjustments − paid), the aging
 * date (the last payment, else the opening day at the office, in its zone) and the open plan's state.
 */
function accountRowsSql(scope: AccountScope): SQL {
  return sql`select a.id, a.office_id, a.collector_id, a.status, a.follow_up_date,
      a.original_cents + a.adjustments_cents - a.paid_cents as balance,
      coalesce(a.last_payment_date, (a.opened_at at time zone o.time_zone)::date) as aged_on,
      pl.status as plan_status, coalesce(pl.missed, false) as plan_missed
    from collection_accounts a
    join offices o on o.id = a.office_id
    left join (
      select p.account_id, p.status,
             exists (select 1 from payment_plan_instalments i where i.plan_id = p.id and i.status = 'MISSED') as missed
        from payment_plans p where p.status in ('ACTIVE', 'PAUSED')
    ) pl on pl.account_id = a.id
    where ${accountScopeSql(scope)}`;
}

/** Every account slot per group key, in one pass over the accounts in scope. */
export async function accountTotals(
  db: Db,
  scope: AccountScope,
  group: FigureGroup,
  today: string,
): Promise<Map<string, AccountTotals>> {
  const slots = slotConditions(today);
  const columns = slots.map(
    ([, condition], i) =>
      sql`count(*) filter (where ${condition})::int as ${sql.raw(`n${i}`)},
          coalesce(sum(a.balance) filter (where ${condition}), 0)::bigint as ${sql.raw(`c${i}`)}`,
  );
  const result = await db.execute(sql`select ${groupKeySql(group)} as key, ${sql.join(columns, sql`, `)}
    from (${accountRowsSql(scope)}) a
    group by 1`);
  const out = new Map<string, AccountTotals>();
  for (const row of rowsOf<Record<string, string | number>>(result)) {
    const totals = {} as AccountTotals;
    slots.forEach(([slot], i) => {
      totals[slot] = { count: Number(row[`n${i}`]), cents: Number(row[`c${i}`]) };
    });
    out.set(String(row.key), totals);
  }
  return out;
}

export function emptyAccountTotals(today: string): AccountTotals {
  const totals = {} as AccountTotals;
  for (const [slot] of slotConditions(today)) totals[slot] = { count: 0, cents: 0 };
  return totals;
}

/**
 * Money collected per group key in two months: the cash-flow entries carrying an account in scope, dated in
 * the month (payment dates are office days, compared as they are), reversals netted; count: accounts with an
 * entry. Read off the payments of both months at once.
 */
export async function collectedTotals(
  db: Db,
  scope: AccountScope,
  group: FigureGroup,
  months: { thisMonth: DayRange; lastMonth: DayRange },
): Promise<Map<string, { thisMonth: Totals; lastMonth: Totals }>> {
  const { thisMonth: t, lastMonth: l } = months;
  const inThis = sql`p.payment_date between ${t.from}::date and ${t.to}::date`;
  const inLast = sql`p.payment_date between ${l.from}::date and ${l.to}::date`;
  const result = await db.execute(sql`select ${groupKeySql(group)} as key,
      count(distinct p.collection_account_id) filter (where ${inThis})::int as this_n,
      coalesce(sum(p.fees_cents + p.cost_cents) filter (where ${inThis}), 0)::bigint as this_c,
      count(distinct p.collection_account_id) filter (where ${inLast})::int as last_n,
      coalesce(sum(p.fees_cents + p.cost_cents) filter (where ${inLast}), 0)::bigint as last_c
    from payments p
    join collection_accounts a on a.id = p.collection_account_id
    where p.collection_account_id is not null
      and p.payment_date between ${l.from}::date and ${t.to}::date
      and ${accountScopeSql(scope)}
    group by 1`);
  const out = new Map<string, { thisMonth: Totals; lastMonth: Totals }>();
  for (const row of rowsOf<Record<string, string | number>>(result)) {
    out.set(String(row.key), {
      thisMonth: { count: Number(row.this_n), cents: Number(row.this_c) },
      lastMonth: { count: Number(row.last_n), cents: Number(row.last_c) },
    });
  }
  return out;
}

export interface OfficeName {
  id: string;
  name: string;
  /** An active branch office: listed even without accounts. */
  listed: boolean;
}

/** The offices every scope reaches, by name. */
export async function officesInScopes(db: Db, scopes: readonly Scope[], officeId?: string): Promise<OfficeName[]> {
  const parts: SQL[] = [sql`true`];
  for (const scope of scopes) {
    const clause = officeScopeSql(sql`o.id`, scope);
    if (clause) parts.push(clause);
  }
  if (officeId) parts.push(sql`o.id = ${officeId}::uuid`);
  const result = await db.execute(sql`select o.id, o.name, (o.status = 'ACTIVE' and o.office_type = 'OFFICE') as listed
    from offices o where ${sql.join(parts, sql` and `)} order by o.name`);
  return rowsOf<OfficeName>(result);
}

/** Display names of users, by id. */
export async function userNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute(
    sql`select id, display_name from users where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return new Map(rowsOf<{ id: string; display_name: string }>(result).map((r) => [r.id, r.display_name]));
}
