import type { InstalmentStatus, PlanFrequency, PlanStatus } from '@casedesk/contract/collections/payment-plan';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { users } from '../users/users.tables.ts';
import type { VersionTerms } from './payment-plan.repository.ts';
import { rowsOf } from './payment-plan.repository.ts';
import { paymentPlanInstalments, paymentPlanPauses, paymentPlans } from './payment-plans.tables.ts';

/** Reads of plans as the plan panel and the plan writes see them (payment-plan-state.ts puts them together). */

export interface StoredVersion extends VersionTerms {
  planId: string;
  version: number;
  by: string | null;
  at: Date;
  /** Payments on the account entered from this version's start to the next one's (or now). */
  paidCents: number;
}

export interface StoredInstalment {
  id: string;
  planId: string;
  version: number;
  seq: number;
  dueDate: string;
  amountCents: number;
  status: InstalmentStatus;
}

/**
 * The versions of plans with what was paid during each: the payments (and reversals) carrying the account,
 * entered from the version's start until the next version's. Instalments of a version are paid from its payments
 * only, oldest first, so a change of terms never counts a payment twice.
 */
export async function findVersions(db: Db, planIds: readonly string[]): Promise<StoredVersion[]> {
  if (planIds.length === 0) return [];
  const rows = await rowsOf<{
    plan_id: string;
    version: number;
    amount_cents: string | number;
    frequency: PlanFrequency;
    first_due_date: string;
    instalment_count: number | null;
    by: string | null;
    at: string | Date;
    paid_cents: string | number;
  }>(
    db,
    sql`
    with v as (
      select v.*, lead(v.at) over (partition by v.plan_id order by v.version) as until
        from payment_plan_versions v
       where v.plan_id in (${sql.join(
         planIds.map((id) => sql`${id}::uuid`),
         sql`, `,
       )})
    )
    select v.plan_id, v.version, v.amount_cents, v.frequency, v.first_due_date::text as first_due_date,
           v.instalment_count, u.display_name as by, v.at,
           (select coalesce(sum(p.fees_cents + p.cost_cents), 0)
              from payments p
             where p.collection_account_id = pl.account_id
               and p.entered_at >= v.at and (v.until is null or p.entered_at < v.until)) as paid_cents
      from v
      join payment_plans pl on pl.id = v.plan_id
      left join users u on u.id = v.by_id
     order by v.plan_id, v.version`,
  );
  return rows.map((r) => ({
    planId: r.plan_id,
    version: r.version,
    amountCents: Number(r.amount_cents),
    frequency: r.frequency,
    firstDueDate: r.first_due_date,
    instalmentCount: r.instalment_count,
    by: r.by,
    at: new Date(r.at),
    paidCents: Number(r.paid_cents),
  }));
}

export async function findInstalments(db: Db, planIds: readonly string[]): Promise<StoredInstalment[]> {
  if (planIds.length === 0) return [];
  return db
    .select({
      id: paymentPlanInstalments.id,
      planId: paymentPlanInstalments.planId,
      version: paymentPlanInstalments.version,
      seq: paymentPlanInstalments.seq,
      dueDate: paymentPlanInstalments.dueDate,
      amountCents: paymentPlanInstalments.amountCents,
      status: paymentPlanInstalments.status,
    })
    .from(paymentPlanInstalments)
    .where(inArray(paymentPlanInstalments.planId, [...planIds]))
    .orderBy(asc(paymentPlanInstalments.planId), asc(paymentPlanInstalments.seq));
}

export interface StoredPlan {
  id: string;
  accountId: string;
  status: PlanStatus;
  createdAt: Date;
}

export async function findPlansOfAccount(db: Db, accountId: string): Promise<StoredPlan[]> {
  return db
    .select({
      id: paymentPlans.id,
      accountId: paymentPlans.accountId,
      status: paymentPlans.status,
      createdAt: paymentPlans.createdAt,
    })
    .from(paymentPlans)
    .where(eq(paymentPlans.accountId, accountId))
    .orderBy(sql`${paymentPlans.createdAt} desc`);
}

export async function findPlan(db: Db, planId: string): Promise<StoredPlan | undefined> {
  const [row] = await db
    .select({
      id: paymentPlans.id,
      accountId: paymentPlans.accountId,
      status: paymentPlans.status,
      createdAt: paymentPlans.createdAt,
    })
    .from(paymentPlans)
    .where(eq(paymentPlans.id, planId));
  return row;
}

export async function findPauses(db: Db, planIds: readonly string[]) {
  if (planIds.length === 0) return [];
  return db
    .select({
      planId: paymentPlanPauses.planId,
      pausedFrom: paymentPlanPauses.pausedFrom,
      resumeOn: paymentPlanPauses.resumeOn,
      resumedAt: paymentPlanPauses.resumedAt,
      reason: paymentPlanPauses.reason,
      by: users.displayName,
      at: paymentPlanPauses.at,
    })
    .from(paymentPlanPauses)
    .leftJoin(users, eq(users.id, paymentPlanPauses.byId))
    .where(inArray(paymentPlanPauses.planId, [...planIds]))
    .orderBy(asc(paymentPlanPauses.at));
}
