import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { wallTimeOf } from '@casedesk/contract/appointments/zoned-time';
import type { CollectionAccountFilter, CollectionStatus } from '@casedesk/contract/collections/account';
import { agingBucketOf, daysBetween } from '@casedesk/contract/collections/dashboard-filters';
import type { ContactRuleKind } from '@casedesk/contract/collections/contact-rules';
import type { InstalmentStatus, PlanStatus } from '@casedesk/contract/collections/payment-plan';
import type { Role } from '@casedesk/contract/users/user';
import { eq, sql } from 'drizzle-orm';
import { setPermissions } from '../access/access.service.ts';
import { payments } from '../accounting/accounting.tables.ts';
import { clients } from '../clients/clients.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import type { Db } from '../../platform/db/database.ts';
import { setLocalPassword } from '../../platform/idp/idp.repository.ts';
import { DEMO_PASSWORD } from '../../seed/seed.ts';
import { collectionAccounts, collectionAdjustments } from './collections.tables.ts';
import { collectionContactAttempts } from './contact-rules.tables.ts';
import { paymentPlanInstalments, paymentPlans, paymentPlanVersions } from './payment-plans.tables.ts';

/**
 * Accounts, payments and plans written straight to the tables for the dashboard and report tests (the
 * account routes and their factory are another module's), and a reading of the account-list filter over
 * the stored rows in plain code: what a drill-down link must open, judged apart from the dashboard's SQL.
 */

let serial = 0;
const next = () => (serial += 1);

export async function insertOffice(db: Db, timeZone = 'America/New_York'): Promise<{ id: string; name: string }> {
  const n = next();
  const digits = `${(900 + (n % 90)).toString()}555${String(n % 10_000).padStart(4, '0')}`;
  const [row] = await db
    .insert(offices)
    .values({
      name: `Collections Test ${n} ${crypto.randomUUID().slice(0, 8)}`,
      phone: digits,
      smsNumber: digits,
      outboundCallerId: digits,
      timeZone,
    })
    .returning({ id: offices.id, name: offices.name });
  return row!;
}

/** A user who signs in with the demo password, with these permissions. */
export async function insertUser(
  db: Db,
  officeId: string,
  role: Role,
  permissions: Permission[],
): Promise<{ id: string; mail: string; displayName: string }> {
  const n = next();
  const displayName = `Dashboard ${role.toLowerCase()} ${n}`;
  const [row] = await db
    .insert(users)
    .values({
      displayName,
      mail: `collection-dashboard-${n}-${crypto.randomUUID().slice(0, 8)}@casedesk.local`,
      role,
      officeId,
    })
    .returning({ id: users.id, mail: users.mail });
  await setLocalPassword(db, row!.id, DEMO_PASSWORD);
  await setPermissions(db, row!.id, permissions);
  return { ...row!, displayName };
}

export async function insertClient(db: Db, officeId: string): Promise<string> {
  const [row] = await db
    .insert(clients)
    .values({ firstName: 'Dana', lastName: `Debtor ${next()}`, officeId })
    .returning({ id: clients.id });
  return row!.id;
}

export interface AccountSpec {
  officeId: string;
  clientId: string;
  status?: CollectionStatus;
  collectorId?: string | null;
  originalCents: number;
  followUpDate?: string | null;
  openedAt?: Date;
}

export async function insertAccount(db: Db, spec: AccountSpec): Promise<string> {
  const [row] = await db
    .insert(collectionAccounts)
    .values({
      officeId: spec.officeId,
      clientId: spec.clientId,
      status: spec.status ?? 'ACTIVE',
      collectorId: spec.collectorId ?? null,
      originalCents: spec.originalCents,
      followUpDate: spec.followUpDate ?? null,
      ...(spec.openedAt ? { openedAt: spec.openedAt } : {}),
    })
    .returning({ id: collectionAccounts.id });
  return row!.id;
}

let receipt = 900_000_000;

/** A payment on the account (its trigger moves paid and the last payment date); with `reverse`, also its reversal. */
export async function addPayment(
  db: Db,
  accountId: string,
  cents: number,
  paymentDate: string,
  reverse?: { on: string },
): Promise<void> {
  const [account] = await db.select().from(collectionAccounts).where(eq(collectionAccounts.id, accountId));
  const common = {
    officeId: account!.officeId,
    clientId: account!.clientId,
    paymentType: 'CASH' as const,
    collectionAccountId: accountId,
  };
  const [payment] = await db
    .insert(payments)
    .values({ ...common, feesCents: cents, costCents: 0, receiptNumber: (receipt += 1), paymentDate })
    .returning({ id: payments.id });
  if (reverse) {
    await db.insert(payments).values({
      ...common,
      feesCents: -cents,
      costCents: 0,
      paymentDate: reverse.on,
      reversesId: payment!.id,
      reason: 'Bounced',
    });
  }
}

export async function addAdjustment(db: Db, accountId: string, amountCents: number): Promise<void> {
  await db.insert(collectionAdjustments).values({ accountId, amountCents, reason: 'Write-off' });
}

export interface InstalmentSpec {
  dueDate: string;
  status: InstalmentStatus;
  amountCents?: number;
}

export async function addPlan(db: Db, accountId: string, status: PlanStatus, instalments: InstalmentSpec[]) {
  const [plan] = await db.insert(paymentPlans).values({ accountId, status }).returning({ id: paymentPlans.id });
  const first = instalments[0]?.dueDate ?? '2026-01-01';
  await db.insert(paymentPlanVersions).values({
    planId: plan!.id,
    version: 1,
    amountCents: 1000,
    frequency: 'MONTHLY',
    firstDueDate: first,
    instalmentCount: Math.max(1, instalments.length),
  });
  if (instalments.length) {
    await db.insert(paymentPlanInstalments).values(
      instalments.map((i, index) => ({
        planId: plan!.id,
        version: 1,
        seq: index + 1,
        dueDate: i.dueDate,
        amountCents: i.amountCents ?? 1000,
        status: i.status,
      })),
    );
  }
  return plan!.id;
}

/**
 * A contact attempt as the guard logs it (`collection_contact_attempts`, guardCollectionContact): allowed, or
 * refused by a rule with its words.
 */
export async function addContact(
  db: Db,
  accountId: string,
  at: Date,
  by: string,
  kind: 'CALL' | 'TEXT' | { refused: 'CALL' | 'TEXT'; rule: ContactRuleKind; message: string },
): Promise<void> {
  const refused = typeof kind === 'object' ? kind : null;
  await db.insert(collectionContactAttempts).values({
    accountId,
    channel: refused ? refused.refused : (kind as 'CALL' | 'TEXT'),
    toNumber: '2135550199',
    at,
    allowed: refused === null,
    rule: refused?.rule ?? null,
    message: refused?.message ?? null,
    timeZone: 'America/Los_Angeles',
    byId: by,
  });
}

/** Every stored account with what a filter reads, and the rows behind the money figures. */
export interface StoredAccounts {
  accounts: {
    id: string;
    officeId: string;
    collectorId: string | null;
    status: CollectionStatus;
    followUpDate: string | null;
    balanceCents: number;
    lastPaymentDate: string | null;
    openingDay: string;
  }[];
  payments: { accountId: string; date: string; cents: number }[];
  openPlans: { accountId: string; status: PlanStatus; missed: boolean }[];
  instalments: { accountId: string; dueDate: string; status: InstalmentStatus }[];
}

export async function readStoredAccounts(db: Db): Promise<StoredAccounts> {
  const accounts = (await db.execute(sql`select a.id, a.office_id, a.collector_id, a.status, a.follow_up_date::text,
      a.original_cents + a.adjustments_cents - a.paid_cents as balance, a.last_payment_date::text, a.opened_at,
      o.time_zone from collection_accounts a join offices o on o.id = a.office_id`)) as unknown as {
    rows: Record<string, string | number | null>[];
  };
  const paid = (await db.execute(sql`select collection_account_id, payment_date::text, fees_cents + cost_cents as cents
      from payments where collection_account_id is not null`)) as unknown as {
    rows: Record<string, string | number>[];
  };
  const plans = (await db.execute(sql`select p.id, p.account_id, p.status from payment_plans p`)) as unknown as {
    rows: Record<string, string>[];
  };
  const instalments = (await db.execute(
    sql`select i.plan_id, i.due_date::text, i.status from payment_plan_instalments i`,
  )) as unknown as {
    rows: Record<string, string>[];
  };
  const planAccount = new Map(plans.rows.map((p) => [p.id!, p.account_id!]));
  const missedPlans = new Set(instalments.rows.filter((i) => i.status === 'MISSED').map((i) => i.plan_id));
  return {
    accounts: accounts.rows.map((r) => ({
      id: String(r.id),
      officeId: String(r.office_id),
      collectorId: r.collector_id === null ? null : String(r.collector_id),
      status: r.status as CollectionStatus,
      followUpDate: r.follow_up_date === null ? null : String(r.follow_up_date),
      balanceCents: Number(r.balance),
      lastPaymentDate: r.last_payment_date === null ? null : String(r.last_payment_date),
      openingDay: wallTimeOf(new Date(r.opened_at as string), String(r.time_zone)).date,
    })),
    payments: paid.rows.map((r) => ({
      accountId: String(r.collection_account_id),
      date: String(r.payment_date),
      cents: Number(r.cents),
    })),
    openPlans: plans.rows
      .filter((p) => p.status === 'ACTIVE' || p.status === 'PAUSED')
      .map((p) => ({ accountId: p.account_id!, status: p.status as PlanStatus, missed: missedPlans.has(p.id) })),
    instalments: instalments.rows.map((i) => ({
      accountId: planAccount.get(i.plan_id!)!,
      dueDate: i.due_date!,
      status: i.status as InstalmentStatus,
    })),
  };
}

const within = (day: string, from?: string, to?: string) => (!from || day >= from) && (!to || day <= to);
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The accounts an account-list filter selects, read in plain code from the stored rows (the meaning
 * docs/collections-dashboard.md gives each field), with the totals a figure must equal: their count, their
 * balance, the money of their entries in the paid range, and the promises of the promise range.
 */
export function selectByFilter(stored: StoredAccounts, filter: CollectionAccountFilter) {
  const openPlan = new Map(stored.openPlans.map((p) => [p.accountId, p]));
  const selected = stored.accounts.filter((a) => {
    if (filter.statuses && !filter.statuses.includes(a.status)) return false;
    if (filter.officeId && a.officeId !== filter.officeId) return false;
    if (filter.collectorId && a.collectorId !== filter.collectorId) return false;
    if (filter.unassigned && a.collectorId !== null) return false;
    if (filter.balanceFromCents !== undefined && a.balanceCents < filter.balanceFromCents) return false;
    if (filter.balanceToCents !== undefined && a.balanceCents > filter.balanceToCents) return false;
    if (filter.followUpDue) {
      const today = filter.today!;
      const f = a.followUpDate;
      if (f === null) return false;
      if (filter.followUpDue === 'PAST' && !(f < today)) return false;
      if (filter.followUpDue === 'TODAY' && f !== today) return false;
      if (filter.followUpDue === 'NEXT_7_DAYS' && !(f >= today && f <= plusDays(today, 7))) return false;
    }
    if (filter.agingBucket) {
      const days = Math.max(0, daysBetween(a.lastPaymentDate ?? a.openingDay, filter.today!));
      if (agingBucketOf(days) !== filter.agingBucket) return false;
    }
    if (filter.planState) {
      const plan = openPlan.get(a.id);
      if (!plan) return false;
      if (filter.planState === 'MISSED' ? !plan.missed : plan.status !== filter.planState) return false;
    }
    if (filter.paidFrom || filter.paidTo) {
      if (!stored.payments.some((p) => p.accountId === a.id && within(p.date, filter.paidFrom, filter.paidTo)))
        return false;
    }
    if (filter.promiseDueFrom || filter.promiseDueTo) {
      const promised = stored.instalments.some(
        (i) =>
          i.accountId === a.id &&
          (i.status === 'PAID' || i.status === 'MISSED') &&
          within(i.dueDate, filter.promiseDueFrom, filter.promiseDueTo),
      );
      if (!promised) return false;
    }
    return true;
  });
  const ids = new Set(selected.map((a) => a.id));
  const promises = stored.instalments.filter(
    (i) => ids.has(i.accountId) && within(i.dueDate, filter.promiseDueFrom, filter.promiseDueTo),
  );
  return {
    count: selected.length,
    balanceCents: selected.reduce((sum, a) => sum + a.balanceCents, 0),
    collectedCents: stored.payments
      .filter((p) => ids.has(p.accountId) && within(p.date, filter.paidFrom, filter.paidTo))
      .reduce((sum, p) => sum + p.cents, 0),
    kept: promises.filter((i) => i.status === 'PAID').length,
    missed: promises.filter((i) => i.status === 'MISSED').length,
  };
}
