import type { Scope } from '@casedesk/contract/access/permissions';
import { PAYMENT_GRACE_DAYS } from '@casedesk/contract/collections/payment-plan';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { rowsOf } from './payment-plan.repository.ts';

export interface KeptRow {
  /** 'office', 'collector' or 'total': the grouping the row counts. */
  level: 'office' | 'collector' | 'total';
  officeId: string | null;
  office: string | null;
  collectorId: string | null;
  collector: string | null;
  due: number;
  kept: number;
}

/**
 * Promise kept per office, per collector and in total, in one statement over the same instalment rows (grouping
 * sets). An instalment counts once its grace has passed in its office's day, unless it is paused; it is kept when
 * the payments of its version (entered from the version's start to the next one's) dated by its due date plus the
 * grace cover it and every earlier instalment of the version (oldest first).
 */
export async function countPromisesKept(
  db: Db,
  filter: { scope: Scope; officeIds?: string[]; collectorId?: string; from: string; to: string; now: Date },
): Promise<KeptRow[]> {
  const officeIds = filter.officeIds?.length
    ? sql`and a.office_id in (${sql.join(
        filter.officeIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const collector = filter.collectorId ? sql`and a.collector_id = ${filter.collectorId}::uuid` : sql``;
  const now = sql`${filter.now.toISOString()}::timestamptz`;
  const rows = await rowsOf<{
    level: KeptRow['level'];
    office_id: string | null;
    office: string | null;
    collector_id: string | null;
    collector: string | null;
    due: string | number;
    kept: string | number;
  }>(
    db,
    sql`
    with v as (
      select v.plan_id, v.version, v.at, lead(v.at) over (partition by v.plan_id order by v.version) as until,
             p.account_id, a.office_id, a.collector_id, o.time_zone
        from payment_plan_versions v
        join payment_plans p on p.id = v.plan_id
        join collection_accounts a on a.id = p.account_id
        join offices o on o.id = a.office_id
       where ${officeScopeSql(sql`a.office_id`, filter.scope) ?? sql`true`} ${officeIds} ${collector}
    ),
    inst as (
      select i.due_date, i.status, v.*,
             sum(i.amount_cents) over (partition by i.plan_id, i.version order by i.seq) as through
        from payment_plan_instalments i
        join v on v.plan_id = i.plan_id and v.version = i.version
    ),
    judged as (
      select inst.office_id, inst.collector_id,
             (select coalesce(sum(pm.fees_cents + pm.cost_cents), 0) from payments pm
               where pm.collection_account_id = inst.account_id
                 and pm.entered_at >= inst.at and (inst.until is null or pm.entered_at < inst.until)
                 and pm.payment_date <= inst.due_date + ${PAYMENT_GRACE_DAYS}::int) >= inst.through as kept
        from inst
       where inst.due_date between ${filter.from}::date and ${filter.to}::date
         and inst.status <> 'PAUSED'
         and inst.due_date + ${PAYMENT_GRACE_DAYS}::int < (${now} at time zone inst.time_zone)::date
    ),
    counted as (
      select case when grouping(office_id) = 0 then 'office' when grouping(collector_id) = 0 then 'collector'
                  else 'total' end as level,
             office_id, collector_id, count(*) as due, count(*) filter (where kept) as kept
        from judged
       group by grouping sets ((office_id), (collector_id), ())
    )
    select c.level, c.office_id, o.name as office, c.collector_id, u.display_name as collector, c.due, c.kept
      from counted c
      left join offices o on o.id = c.office_id
      left join users u on u.id = c.collector_id
     order by c.level, o.name, u.display_name`,
  );
  return rows.map((r) => ({
    level: r.level,
    officeId: r.office_id,
    office: r.office,
    collectorId: r.collector_id,
    collector: r.collector,
    due: Number(r.due),
    kept: Number(r.kept),
  }));
}
