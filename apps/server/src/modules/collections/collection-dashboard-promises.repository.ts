import type { DayRange } from '@casedesk/contract/collections/dashboard';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { AccountScope, FigureGroup } from './collection-dashboard.query.ts';
import { accountScopeSql, groupKeySql, rowsOf } from './collection-dashboard.query.ts';

export interface PromiseCounts {
  kept: number;
  missed: number;
}

/**
 * Promises kept and broken per group key: the plan instalments due in the window (by due date) whose status
 * is PAID (kept) or MISSED (broken), on the accounts in scope. The plan day stores each verdict once, when the
 * instalment's grace ends (docs/collections-payment-plans.md, Promise kept); instalments still due or paused are
 * no promise settled yet and count in neither. The drill-down (`promiseCondition`) and the report's plan
 * performance read the same statuses.
 */
export async function promiseCounts(
  db: Db,
  scope: AccountScope,
  group: FigureGroup,
  window: DayRange,
): Promise<Map<string, PromiseCounts>> {
  const result = await db.execute(sql`select ${groupKeySql(group)} as key,
      count(*) filter (where i.status = 'PAID')::int as kept,
      count(*) filter (where i.status = 'MISSED')::int as missed
    from payment_plan_instalments i
    join payment_plans p on p.id = i.plan_id
    join collection_accounts a on a.id = p.account_id
    where i.due_date between ${window.from}::date and ${window.to}::date
      and i.status in ('PAID', 'MISSED')
      and ${accountScopeSql(scope)}
    group by 1`);
  return new Map(
    rowsOf<{ key: string; kept: number; missed: number }>(result).map((r) => [
      String(r.key),
      { kept: Number(r.kept), missed: Number(r.missed) },
    ]),
  );
}
