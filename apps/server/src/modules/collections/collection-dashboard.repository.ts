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

/** The slots the running totals answer, each a condition on a row `a` of `collection_account_totals`. */
function totalsConditions(): [AccountSlot | 'openOwing', SQL][] {
  const open = sql`a.status in (${list(OPEN_COLLECTION_STATUSES)})`;
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
    // Every aging bucket together: the open accounts owing a cent (90+ is this less the three recent buckets).
    ['openOwing', sql`${open} and a.owing`],
  ];
}

const RECENT_BUCKETS = AGING_BUCKETS.filter((bucket) => agingDateRange(bucket, '2000-01-01').from !== null);

type Row = Record<string, string | number>;
const totalsOf = (row: Row | undefined, i: number): Totals =>
  row ? { count: Number(row[`n${i}`]), cents: Number(row[`c${i}`]) } : { count: 0, cents: 0 };

/**
 * The figures about accounts as they stand, per group key, each slot the SQL of the account-list filter its
 * figure carries (docs/collections-dashboard.md), which the property test holds to the list's meaning. Read from
 * running totals kept by triggers (migration 0040), not from every account: status, plan state and owing from
 * `collection_account_totals`; the aging buckets from the last ninety days of `collection_aging_days` (90+ is
 * the rest of the open accounts owing); follow-ups due from the covering follow-up index (they depend on today).
 */
export async function accountTotals(
  db: Db,
  scope: AccountScope,
  group: FigureGroup,
  today: string,
): Promise<Map<string, AccountTotals>> {
  const key = groupKeySql(group);
  const inScope = accountScopeSql(scope);
  const balance = sql`a.original_cents + a.adjustments_cents - a.paid_cents`;
  const counted = (i: number, n: SQL, cents: SQL, condition: SQL) =>
    sql`coalesce(sum(${n}) filter (where ${condition}), 0)::bigint as ${sql.raw(`n${i}`)},
        coalesce(sum(${cents}) filter (where ${condition}), 0)::bigint as ${sql.raw(`c${i}`)}`;
  const totals = totalsConditions();
  const recent = RECENT_BUCKETS.map((bucket) => {
    const { from, to } = agingDateRange(bucket, today);
    return to === null ? sql`a.aged_on >= ${from}::date` : sql`a.aged_on between ${from}::date and ${to}::date`;
  });
  const oldestRecent = RECENT_BUCKETS.map((bucket) => agingDateRange(bucket, today).from ?? today).sort()[0] ?? today;
  const open = sql`a.status in (${list(OPEN_COLLECTION_STATUSES)})`;
  const [byTotals, byAging, byFollowUp] = await Promise.all([
    db.execute(
      sql`select ${key} as key, ${sql.join(
        totals.map(([, condition], i) => counted(i, sql`a.accounts`, balance, condition)),
        sql`, `,
      )} from collection_account_totals a where ${inScope} group by 1 having sum(a.accounts) <> 0`,
    ),
    db.execute(
      sql`select ${key} as key, ${sql.join(
        recent.map((condition, i) => counted(i, sql`a.accounts`, sql`a.balance_cents`, condition)),
        sql`, `,
      )} from collection_aging_days a where a.aged_on >= ${oldestRecent}::date and ${inScope} group by 1`,
    ),
    db.execute(sql`select ${key} as key,
        ${counted(0, sql`1`, balance, sql`a.follow_up_date < ${today}::date`)},
        ${counted(1, sql`1`, balance, sql`a.follow_up_date = ${today}::date`)}
      from collection_accounts a
      where a.follow_up_date <= ${today}::date and ${open} and ${inScope} group by 1`),
  ]);
  const index = (result: unknown) => new Map(rowsOf<Row>(result).map((row) => [String(row.key), row]));
  const [t, g, f] = [index(byTotals), index(byAging), index(byFollowUp)];
  const out = new Map<string, AccountTotals>();
  for (const k of new Set([...t.keys(), ...g.keys(), ...f.keys()])) {
    const totalsRow = t.get(k);
    const slots = emptyAccountTotals();
    let openOwing: Totals = { count: 0, cents: 0 };
    totals.forEach(([slot], i) => {
      if (slot === 'openOwing') openOwing = totalsOf(totalsRow, i);
      else slots[slot] = totalsOf(totalsRow, i);
    });
    let older = openOwing;
    RECENT_BUCKETS.forEach((bucket, i) => {
      const bucketTotals = totalsOf(g.get(k), i);
      slots[`aging:${bucket}`] = bucketTotals;
      older = { count: older.count - bucketTotals.count, cents: older.cents - bucketTotals.cents };
    });
    for (const bucket of AGING_BUCKETS) if (!RECENT_BUCKETS.includes(bucket)) slots[`aging:${bucket}`] = older;
    slots['followUp:PAST'] = totalsOf(f.get(k), 0);
    slots['followUp:TODAY'] = totalsOf(f.get(k), 1);
    out.set(k, slots);
  }
  return out;
}

const ACCOUNT_SLOTS: AccountSlot[] = [
  'all',
  'open',
  ...COLLECTION_STATUSES.map((s) => `status:${s}` as const),
  ...PLAN_STATES.map((s) => `plan:${s}` as const),
  ...AGING_BUCKETS.map((b) => `aging:${b}` as const),
  'followUp:PAST',
  'followUp:TODAY',
];

export function emptyAccountTotals(): AccountTotals {
  const totals = {} as AccountTotals;
  for (const slot of ACCOUNT_SLOTS) totals[slot] = { count: 0, cents: 0 };
  return totals;
}

/**
 * Money collected per group key in two months: the cash-flow entries carrying an account in scope, dated in
 * the month (payment dates are office days, compared as they are), reversals netted; count: accounts with an
 * entry. Read off the monthly running totals (`collection_collected_months`), kept by the payments trigger.
 */
export async function collectedTotals(
  db: Db,
  scope: AccountScope,
  group: FigureGroup,
  months: { thisMonth: DayRange; lastMonth: DayRange },
): Promise<Map<string, { thisMonth: Totals; lastMonth: Totals }>> {
  const { thisMonth: t, lastMonth: l } = months;
  const inThis = sql`a.month = ${t.from}::date`;
  const inLast = sql`a.month = ${l.from}::date`;
  const result = await db.execute(sql`select ${groupKeySql(group)} as key,
      coalesce(sum(a.accounts) filter (where ${inThis}), 0)::bigint as this_n,
      coalesce(sum(a.cents) filter (where ${inThis}), 0)::bigint as this_c,
      coalesce(sum(a.accounts) filter (where ${inLast}), 0)::bigint as last_n,
      coalesce(sum(a.cents) filter (where ${inLast}), 0)::bigint as last_c
    from collection_collected_months a
    where a.month in (${t.from}::date, ${l.from}::date) and ${accountScopeSql(scope)}
    group by 1 having sum(a.accounts) <> 0`);
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
