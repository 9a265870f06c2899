import { OPEN_COLLECTION_STATUSES } from '@casedesk/contract/collections/account';
import { PAYMENT_GRACE_DAYS } from '@casedesk/contract/collections/payment-plan';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { rowsOf } from './payment-plan.repository.ts';

/**
 * The daily plan job's statements (plan-day.service.ts). Every write is conditional on the state it changes
 * (`missed_at is null`, `status = 'DUE'`, `reminded_at is null`, `status = 'ACTIVE'`), so a retry or a second instance running the
 * same day finds nothing left to do.
 */

const openStatuses = sql.join(
  OPEN_COLLECTION_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * The current version's instalments of the office's ACTIVE plans with what they still lack: each version is paid
 * by the payments entered since it began, oldest instalment first (`through` is the running total of the
 * instalments up to this one, so it is paid in full when `through <= paid`).
 */
function currentInstalmentsSql(officeId: string, extra: SQL = sql``): SQL {
  return sql`
    with cur as (
      select distinct on (v.plan_id) v.plan_id, v.version, v.at, p.account_id
        from payment_plan_versions v
        join payment_plans p on p.id = v.plan_id
        join collection_accounts a on a.id = p.account_id
       where a.office_id = ${officeId}::uuid and p.status = 'ACTIVE' and a.status in (${openStatuses}) ${extra}
       order by v.plan_id, v.version desc
    ),
    paid as (
      select cur.*, (select coalesce(sum(pm.fees_cents + pm.cost_cents), 0) from payments pm
                      where pm.collection_account_id = cur.account_id and pm.entered_at >= cur.at) as paid_cents
        from cur
    ),
    inst as (
      select i.id, i.plan_id, i.seq, i.due_date, i.amount_cents, i.status, i.reminded_at, i.missed_at,
             paid.account_id, paid.paid_cents,
             sum(i.amount_cents) over (partition by i.plan_id order by i.seq) as through
        from payment_plan_instalments i
        join paid on paid.plan_id = i.plan_id and paid.version = i.version
    )`;
}

/** Paused plans of the office whose pause ends on or before `today`. */
export async function findPlansToResume(db: Db, officeId: string, today: string) {
  const rows = await rowsOf<{ plan_id: string; account_id: string; resume_on: string }>(
    db,
    sql`select p.id as plan_id, p.account_id, pp.resume_on::text as resume_on
          from payment_plans p
          join collection_accounts a on a.id = p.account_id
          join payment_plan_pauses pp on pp.plan_id = p.id and pp.resumed_at is null
         where a.office_id = ${officeId}::uuid and p.status = 'PAUSED' and pp.resume_on <= ${today}::date`,
  );
  return rows.map((r) => ({ planId: r.plan_id, accountId: r.account_id, resumeOn: r.resume_on }));
}

/** Locks accounts in id order (the order two runs take them in, so they never wait on each other in a circle). */
export async function lockAccounts(db: Db, accountIds: readonly string[]): Promise<void> {
  if (accountIds.length === 0) return;
  await rowsOf(
    db,
    sql`select id from collection_accounts where id in (${sql.join(
      [...accountIds].sort().map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) order by id for update`,
  );
}

/** A settled promise: MISSED (not paid in full when its grace ended) or PAID (kept). */
export type Verdict = 'MISSED' | 'PAID';

/**
 * The instalments of `inst` the plan day settles with `verdict` on `today`: still DUE and unmarked on `row` (the
 * locked row in an update, so a run that waited for another's locks finds them marked), grace passed, and unpaid
 * or paid in full.
 */
function toSettle(verdict: Verdict, today: string, row: SQL): SQL {
  const covered = verdict === 'PAID' ? sql`inst.through <= inst.paid_cents` : sql`inst.through > inst.paid_cents`;
  return sql`${covered} and ${row}.status = 'DUE' and ${row}.missed_at is null
    and inst.due_date + ${PAYMENT_GRACE_DAYS}::int < ${today}::date`;
}

/** Accounts with an instalment to settle with `verdict` on `today`. */
export async function findAccountsToSettle(
  db: Db,
  officeId: string,
  today: string,
  verdict: Verdict,
): Promise<string[]> {
  const rows = await rowsOf<{ account_id: string }>(
    db,
    sql`${currentInstalmentsSql(officeId)}
      select distinct account_id from inst where ${toSettle(verdict, today, sql`inst`)}`,
  );
  return rows.map((r) => r.account_id);
}

export interface SettledInstalment {
  id: string;
  accountId: string;
  seq: number;
  dueDate: string;
  amountCents: number;
}

/**
 * Stores the verdict, once (MISSED with `missed_at`, PAID with `paid_at`): a second run, or an instance that
 * waited for this one's locks, finds them marked and returns nothing. Only accounts the caller locked are touched.
 */
export async function settleInstalments(
  db: Db,
  officeId: string,
  today: string,
  accountIds: readonly string[],
  verdict: Verdict,
): Promise<SettledInstalment[]> {
  if (accountIds.length === 0) return [];
  const ids = sql.join(
    accountIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const mark = verdict === 'PAID' ? sql`status = 'PAID', paid_at = now()` : sql`status = 'MISSED', missed_at = now()`;
  const rows = await rowsOf<{ id: string; account_id: string; seq: number; due_date: string; amount_cents: string }>(
    db,
    sql`${currentInstalmentsSql(officeId, sql`and a.id in (${ids})`)}
      update payment_plan_instalments t set ${mark}
        from inst
       where t.id = inst.id and ${toSettle(verdict, today, sql`t`)}
      returning t.id, inst.account_id, t.seq, t.due_date::text as due_date, t.amount_cents`,
  );
  return rows.map((r) => ({
    id: r.id,
    accountId: r.account_id,
    seq: r.seq,
    dueDate: r.due_date,
    amountCents: Number(r.amount_cents),
  }));
}

export interface ReminderCandidate {
  id: string;
  accountId: string;
  /** What is still to pay of it (all of it, unless a payment covered part). */
  owedCents: number;
}

/** Unpaid DUE instalments not yet reminded, due from `from` to `to` (the reminder window). */
export async function findReminderCandidates(
  db: Db,
  officeId: string,
  window: { from: string; to: string },
): Promise<ReminderCandidate[]> {
  const rows = await rowsOf<{ id: string; account_id: string; owed_cents: string }>(
    db,
    sql`${currentInstalmentsSql(officeId)}
      select id, account_id, least(amount_cents, through - paid_cents) as owed_cents from inst
       where through > paid_cents and status = 'DUE' and reminded_at is null
         and due_date between ${window.from}::date and ${window.to}::date
       order by due_date, id`,
  );
  return rows.map((r) => ({ id: r.id, accountId: r.account_id, owedCents: Number(r.owed_cents) }));
}

/** ACTIVE plans of the office whose current instalments are all paid in full. */
export async function findPaidUpPlans(db: Db, officeId: string) {
  const rows = await rowsOf<{ plan_id: string; account_id: string }>(
    db,
    sql`${currentInstalmentsSql(officeId)}
      select plan_id, account_id from inst group by plan_id, account_id having bool_and(through <= paid_cents)`,
  );
  return rows.map((r) => ({ planId: r.plan_id, accountId: r.account_id }));
}

/**
 * Sets an ACTIVE plan COMPLETED, once, and its instalments still DUE PAID: every one is paid, some before their
 * grace ended, and a completed plan is no longer judged day by day.
 */
export async function completePlan(db: Db, planId: string): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`update payment_plans set status = 'COMPLETED' where id = ${planId}::uuid and status = 'ACTIVE' returning id`,
  );
  if (rows.length === 0) return false;
  await rowsOf(
    db,
    sql`update payment_plan_instalments set status = 'PAID', paid_at = now()
         where plan_id = ${planId}::uuid and status = 'DUE' returning id`,
  );
  return true;
}

/** An account's status moves to REVIEW from PAYMENT_PLAN, once; other statuses (already escalated…) stay. */
export async function moveToReview(db: Db, accountId: string): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`update collection_accounts set status = 'REVIEW'
         where id = ${accountId}::uuid and status = 'PAYMENT_PLAN' returning id`,
  );
  return rows.length > 0;
}

export interface ReminderAccount {
  accountId: string;
  accountNumber: number;
  officeId: string;
  status: string;
  collectorId: string | null;
  collectorName: string | null;
  clientId: string;
  clientFirstName: string;
  clientLastName: string;
  /** The client's number to text: mobile first, as the chat options choose. */
  phone: string | null;
  balanceCents: number;
}

/** The account with what a reminder or a notification names, locked for the caller's transaction. */
export async function lockReminderAccount(db: Db, accountId: string): Promise<ReminderAccount | undefined> {
  const [row] = await rowsOf<{
    id: string;
    account_number: number;
    office_id: string;
    status: string;
    collector_id: string | null;
    collector_name: string | null;
    client_id: string;
    first_name: string;
    last_name: string;
    phone: string | null;
    balance_cents: string;
  }>(
    db,
    sql`select a.id, a.account_number, a.office_id, a.status, a.collector_id, u.display_name as collector_name,
               c.id as client_id, c.first_name, c.last_name,
               coalesce(c.mobile_number, c.primary_number, c.home_number, c.secondary_number) as phone,
               a.original_cents + a.adjustments_cents - a.paid_cents as balance_cents
          from collection_accounts a
          join clients c on c.id = a.client_id
          left join users u on u.id = a.collector_id
         where a.id = ${accountId}::uuid
           for update of a`,
  );
  if (!row) return undefined;
  return {
    accountId: row.id,
    accountNumber: row.account_number,
    officeId: row.office_id,
    status: row.status,
    collectorId: row.collector_id,
    collectorName: row.collector_name,
    clientId: row.client_id,
    clientFirstName: row.first_name,
    clientLastName: row.last_name,
    phone: row.phone,
    balanceCents: Number(row.balance_cents),
  };
}

/**
 * Claims an instalment's reminder: sets `reminded_at` only while it is unset (and the instalment still DUE), in the
 * transaction that stores the text. A retry or a second instance claims nothing, so no reminder goes twice.
 */
export async function claimReminder(
  db: Db,
  instalmentId: string,
): Promise<{ seq: number; dueDate: string; amountCents: number } | undefined> {
  const [row] = await rowsOf<{ seq: number; due_date: string; amount_cents: string }>(
    db,
    sql`update payment_plan_instalments set reminded_at = now()
         where id = ${instalmentId}::uuid and reminded_at is null and status = 'DUE'
     returning seq, due_date::text as due_date, amount_cents`,
  );
  return row ? { seq: row.seq, dueDate: row.due_date, amountCents: Number(row.amount_cents) } : undefined;
}

/** Starts the office day's run row (once) and adds a run's counts to it when it ends. */
export async function startDayRun(db: Db, officeId: string, day: string): Promise<void> {
  await rowsOf(
    db,
    sql`insert into payment_plan_day_runs (office_id, day) values (${officeId}::uuid, ${day}::date)
        on conflict do nothing`,
  );
}

export async function finishDayRun(
  db: Db,
  officeId: string,
  day: string,
  counts: { resumed: number; missed: number; kept: number; reminded: number; completed: number },
): Promise<void> {
  await rowsOf(
    db,
    sql`update payment_plan_day_runs set finished_at = now(), resumed = resumed + ${counts.resumed},
          missed = missed + ${counts.missed}, kept = kept + ${counts.kept}, reminded = reminded + ${counts.reminded},
          completed = completed + ${counts.completed}
        where office_id = ${officeId}::uuid and day = ${day}::date`,
  );
}

/** Active offices, each with its day and hour now and whether that day's run has finished. */
export async function findOfficeDays(db: Db, now: Date) {
  const rows = await rowsOf<{ id: string; time_zone: string; day: string; hour: number; finished: boolean }>(
    db,
    sql`select o.id, o.time_zone, (${now.toISOString()}::timestamptz at time zone o.time_zone)::date::text as day,
               extract(hour from ${now.toISOString()}::timestamptz at time zone o.time_zone)::int as hour,
               exists (select 1 from payment_plan_day_runs r
                        where r.office_id = o.id and r.finished_at is not null
                          and r.day = (${now.toISOString()}::timestamptz at time zone o.time_zone)::date) as finished
          from offices o where o.status = 'ACTIVE'`,
  );
  return rows.map((r) => ({ officeId: r.id, day: r.day, hour: Number(r.hour), finished: r.finished === true }));
}
