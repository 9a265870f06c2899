import type { CollectionStatus, TimelineKind } from '@casedesk/contract/collections/account';
import type { InstalmentStatus, PlanFrequency, PlanStatus } from '@casedesk/contract/collections/payment-plan';
import type { SQL } from 'drizzle-orm';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { clients } from '../clients/clients.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { collectionAccountEvents, collectionAccounts, collectionTerms } from './collections.tables.ts';
import {
  paymentPlanInstalments,
  paymentPlanPauses,
  paymentPlans,
  paymentPlanVersions,
} from './payment-plans.tables.ts';

/** The rows of a raw statement, on either engine. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** What a plan write needs of its account: its office (scope, time zone) and what it owes. */
export interface PlanAccount {
  id: string;
  accountNumber: number;
  officeId: string;
  timeZone: string;
  status: CollectionStatus;
  termId: string | null;
  collectorId: string | null;
  clientName: string;
  balanceCents: number;
}

const accountColumns = {
  id: collectionAccounts.id,
  accountNumber: collectionAccounts.accountNumber,
  officeId: collectionAccounts.officeId,
  timeZone: offices.timeZone,
  status: collectionAccounts.status,
  termId: collectionAccounts.termId,
  collectorId: collectionAccounts.collectorId,
  clientName: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`,
  balanceCents: sql<number>`(${collectionAccounts.originalCents} + ${collectionAccounts.adjustmentsCents}
    - ${collectionAccounts.paidCents})::float8`,
};

/** The account, locked for the rest of the transaction when `lock` (a plan write reads its balance once). */
export async function findPlanAccount(db: Db, accountId: string, lock = false): Promise<PlanAccount | undefined> {
  const query = db
    .select(accountColumns)
    .from(collectionAccounts)
    .innerJoin(offices, eq(offices.id, collectionAccounts.officeId))
    .innerJoin(clients, eq(clients.id, collectionAccounts.clientId))
    .where(eq(collectionAccounts.id, accountId));
  const [row] = await (lock ? query.for('update', { of: collectionAccounts }) : query);
  return row;
}

export interface PlanRef {
  id: string;
  accountId: string;
  officeId: string;
  status: PlanStatus;
}

/** A plan and its account's office; locked for the transaction when `lock`. */
export async function findPlanRef(db: Db, planId: string, lock = false): Promise<PlanRef | undefined> {
  const query = db
    .select({
      id: paymentPlans.id,
      accountId: paymentPlans.accountId,
      officeId: collectionAccounts.officeId,
      status: paymentPlans.status,
    })
    .from(paymentPlans)
    .innerJoin(collectionAccounts, eq(collectionAccounts.id, paymentPlans.accountId))
    .where(eq(paymentPlans.id, planId));
  const [row] = await (lock ? query.for('update', { of: paymentPlans }) : query);
  return row;
}

export async function hasOpenPlan(db: Db, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentPlans.id })
    .from(paymentPlans)
    .where(and(eq(paymentPlans.accountId, accountId), inArray(paymentPlans.status, ['ACTIVE', 'PAUSED'])));
  return row !== undefined;
}

export async function insertPlan(db: Db, accountId: string, createdById: string | null): Promise<string> {
  const [row] = await db.insert(paymentPlans).values({ accountId, createdById }).returning({ id: paymentPlans.id });
  return row!.id;
}

export async function setPlanStatus(db: Db, planId: string, status: PlanStatus): Promise<void> {
  await db.update(paymentPlans).set({ status }).where(eq(paymentPlans.id, planId));
}

export interface VersionTerms {
  amountCents: number;
  frequency: PlanFrequency;
  firstDueDate: string;
  instalmentCount: number | null;
}

export async function insertVersion(
  db: Db,
  values: VersionTerms & { planId: string; version: number; byId: string | null },
): Promise<void> {
  await db.insert(paymentPlanVersions).values(values);
}

export async function insertInstalments(
  db: Db,
  rows: { planId: string; version: number; seq: number; dueDate: string; amountCents: number }[],
): Promise<void> {
  if (rows.length > 0) await db.insert(paymentPlanInstalments).values(rows);
}

export async function deleteInstalments(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.delete(paymentPlanInstalments).where(inArray(paymentPlanInstalments.id, [...ids]));
}

/** Marks instalments, e.g. PAUSED by a pause; a new due date clears its reminder and miss, as for a new promise. */
export async function markInstalments(db: Db, ids: readonly string[], status: InstalmentStatus): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(paymentPlanInstalments)
    .set({ status })
    .where(inArray(paymentPlanInstalments.id, [...ids]));
}

export async function moveInstalment(db: Db, id: string, dueDate: string): Promise<void> {
  await db
    .update(paymentPlanInstalments)
    .set({ dueDate, status: 'DUE', remindedAt: null, missedAt: null })
    .where(eq(paymentPlanInstalments.id, id));
}

export async function insertPause(
  db: Db,
  values: { planId: string; pausedFrom: string; resumeOn: string | null; reason: string; byId: string | null },
): Promise<void> {
  await db.insert(paymentPlanPauses).values(values);
}

export interface OpenPause {
  id: string;
  pausedFrom: string;
  resumeOn: string | null;
}

export async function findOpenPause(db: Db, planId: string): Promise<OpenPause | undefined> {
  const [row] = await db
    .select({
      id: paymentPlanPauses.id,
      pausedFrom: paymentPlanPauses.pausedFrom,
      resumeOn: paymentPlanPauses.resumeOn,
    })
    .from(paymentPlanPauses)
    .where(and(eq(paymentPlanPauses.planId, planId), sql`${paymentPlanPauses.resumedAt} is null`))
    .orderBy(sql`${paymentPlanPauses.at} desc`)
    .limit(1);
  return row;
}

/** Ends a pause once: false when it had already ended (a second instance's run, a second click). */
export async function endPause(db: Db, pauseId: string): Promise<boolean> {
  const rows = await db
    .update(paymentPlanPauses)
    .set({ resumedAt: sql`now()` })
    .where(and(eq(paymentPlanPauses.id, pauseId), sql`${paymentPlanPauses.resumedAt} is null`))
    .returning({ id: paymentPlanPauses.id });
  return rows.length > 0;
}

/** The account's status, with a STATUS event carrying the old and new one (the status history). */
export async function changeAccountStatus(
  db: Db,
  account: { id: string; status: CollectionStatus },
  toStatus: CollectionStatus,
  event: { title: string; detail: string | null; byId: string | null },
): Promise<void> {
  await db.update(collectionAccounts).set({ status: toStatus }).where(eq(collectionAccounts.id, account.id));
  await db.insert(collectionAccountEvents).values({
    accountId: account.id,
    kind: 'STATUS',
    fromStatus: account.status,
    toStatus,
    ...event,
  });
}

export async function setAccountTerm(db: Db, accountId: string, termId: string): Promise<void> {
  await db.update(collectionAccounts).set({ termId }).where(eq(collectionAccounts.id, accountId));
}

/** The active term whose meaning is Payment Plan (SPEC §5's template rule reads it), if the firm has one. */
export async function findPaymentPlanTerm(db: Db): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db
    .select({ id: collectionTerms.id, name: collectionTerms.name })
    .from(collectionTerms)
    .where(and(eq(collectionTerms.isPaymentPlan, true), eq(collectionTerms.active, true)))
    .orderBy(asc(collectionTerms.createdAt))
    .limit(1);
  return row;
}

export async function insertAccountEvent(
  db: Db,
  event: {
    accountId: string;
    kind: TimelineKind;
    fromStatus?: CollectionStatus;
    toStatus?: CollectionStatus;
    title: string;
    detail?: string | null;
    data?: unknown;
    byId: string | null;
  },
): Promise<void> {
  await db.insert(collectionAccountEvents).values(event);
}
