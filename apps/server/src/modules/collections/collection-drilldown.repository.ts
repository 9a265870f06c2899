import type { CollectionAccountFilter } from '@casedesk/contract/collections/account';
import { agingDateRange } from '@casedesk/contract/collections/dashboard-filters';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { collectionAccounts as a } from './collections.tables.ts';

/*
 * The account-list filters of the dashboard's drill-downs (docs/collections-dashboard.md, "What each figure
 * counts"), as conditions on `collection_accounts`, read from the accounts, plans and payments themselves. The
 * dashboard reads the same figures from running totals (collection-dashboard.repository.ts); the property test
 * `collection-dashboard-figures.api.test.ts` holds every figure to the rows these select.
 */

export const paidRange = (f: CollectionAccountFilter) => f.paidFrom !== undefined || f.paidTo !== undefined;
export const promiseRange = (f: CollectionAccountFilter) =>
  f.promiseDueFrom !== undefined || f.promiseDueTo !== undefined;

/** `column` within the days from…to, both ends included; a missing end is unbounded. */
export function dayBetween(column: SQL, from: string | null | undefined, to: string | null | undefined): SQL {
  return sql.join(
    [from ? sql`${column} >= ${from}::date` : sql`true`, to ? sql`${column} <= ${to}::date` : sql`true`],
    sql` and `,
  );
}

/** The aging date: the last payment, else the day the account was opened in its office's zone. */
const agingDateSql = sql`coalesce(${a.lastPaymentDate},
  (${a.openedAt} at time zone (select o.time_zone from offices o where o.id = ${a.officeId}))::date)`;

export function agingCondition(f: CollectionAccountFilter): SQL | undefined {
  if (!f.agingBucket || !f.today) return undefined;
  const { from, to } = agingDateRange(f.agingBucket, f.today);
  return dayBetween(agingDateSql, from, to);
}

/** The account's open plan (ACTIVE or PAUSED) is in the state; MISSED: it has a missed instalment. */
export function planCondition(f: CollectionAccountFilter): SQL | undefined {
  if (!f.planState) return undefined;
  const state =
    f.planState === 'MISSED'
      ? sql`p.status in ('ACTIVE', 'PAUSED') and exists (select 1 from payment_plan_instalments i
          where i.plan_id = p.id and i.status = 'MISSED')`
      : sql`p.status = ${f.planState}`;
  return sql`exists (select 1 from payment_plans p where p.account_id = ${a.id} and ${state})`;
}

/** A cash-flow entry (payment or reversal) carrying the account, dated in the range. */
export function paidCondition(f: CollectionAccountFilter): SQL | undefined {
  if (!paidRange(f)) return undefined;
  return sql`exists (select 1 from payments p where p.collection_account_id = ${a.id}
    and ${dayBetween(sql`p.payment_date`, f.paidFrom, f.paidTo)})`;
}

/** A plan instalment due in the range that was kept (PAID) or broken (MISSED): the promise-kept rate's. */
export function promiseCondition(f: CollectionAccountFilter): SQL | undefined {
  if (!promiseRange(f)) return undefined;
  return sql`exists (select 1 from payment_plan_instalments i join payment_plans p on p.id = i.plan_id
    where p.account_id = ${a.id} and i.status in ('PAID', 'MISSED')
      and ${dayBetween(sql`i.due_date`, f.promiseDueFrom, f.promiseDueTo)})`;
}
