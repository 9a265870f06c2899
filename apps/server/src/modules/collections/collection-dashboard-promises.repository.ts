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
 * no promise settled yet and count in neither. Read off `collection_promise_days`, the running counts a trigger on
 * the instalments keeps; the drill-down (`promiseCondition`) and the report's plan performance read the same
 * statuses from the instalments themselves.
 */
export async function promiseCounts(
  db: Db,
  scope: AccountScope,
  group: FigureGroup,
  window: DayRange,
): Promise<Map<string, PromiseCounts>> {
  const result = await db.execute(sql`select ${groupKeySql(group)} as key,
      coalesce(sum(a.kept), 0)::bigint as kept, coalesce(sum(a.missed), 0)::bigint as missed
    from collection_promise_days a
    where a.due_date between ${window.from}::date and ${window.to}::date and ${accountScopeSql(scope)}
    group by 1 having sum(a.kept) <> 0 or sum(a.missed) <> 0`);
  return new Map(
    rowsOf<{ key: string; kept: number | string; missed: number | string }>(result).map((r) => [
      String(r.key),
      { kept: Number(r.kept), missed: Number(r.missed) },
    ]),
  );
}
