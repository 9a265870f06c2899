import type { Instalment, PaymentPlan, PlanTerms } from '@casedesk/contract/collections/payment-plan';
import { PLAN_FREQUENCY_LABELS } from '@casedesk/contract/collections/payment-plan';
import { allocatePayments, instalmentStatus } from '@casedesk/contract/collections/payment-plan-rules';
import { formatMoney } from '@casedesk/contract/common/money';
import type { Db } from '../../platform/db/database.ts';
import type { StoredInstalment, StoredPlan, StoredVersion } from './payment-plan-read.repository.ts';
import {
  findInstalments,
  findPauses,
  findPlan,
  findPlansOfAccount,
  findVersions,
} from './payment-plan-read.repository.ts';
import { shownDate } from './plan-dates.ts';

/** An instalment as the plan shows it: what the payments of its version paid of it, and its status. */
export interface InstalmentState extends StoredInstalment {
  paidCents: number;
  shown: Instalment['status'];
}

export interface PlanState {
  versions: StoredVersion[];
  current: StoredVersion;
  instalments: InstalmentState[];
}

/**
 * Each version's instalments are paid by the payments entered while it was the plan's version, oldest first
 * (docs/collections-payment-plans.md): the rule of the contract's allocatePayments, over the same payment rows
 * as the account's balance.
 */
export function instalmentStates(versions: StoredVersion[], instalments: StoredInstalment[]): InstalmentState[] {
  const out: InstalmentState[] = [];
  for (const version of versions) {
    const own = instalments.filter((i) => i.planId === version.planId && i.version === version.version);
    const paid = allocatePayments(
      own.map((i) => i.amountCents),
      version.paidCents,
    );
    own.forEach((i, n) => {
      const paidCents = paid[n]!;
      out.push({
        ...i,
        paidCents,
        shown: instalmentStatus({ amountCents: i.amountCents, paidCents, marked: i.status }),
      });
    });
  }
  return out.sort((a, b) => (a.planId === b.planId ? a.seq - b.seq : a.planId.localeCompare(b.planId)));
}

/** A plan's versions and instalments with their paid amounts and statuses. */
export async function readPlanState(db: Db, planId: string): Promise<PlanState> {
  const [versions, instalments] = await Promise.all([findVersions(db, [planId]), findInstalments(db, [planId])]);
  const current = versions[versions.length - 1]!;
  return { versions, current, instalments: instalmentStates(versions, instalments) };
}

function toPlans(
  plans: StoredPlan[],
  versions: StoredVersion[],
  instalments: InstalmentState[],
  pauses: Awaited<ReturnType<typeof findPauses>>,
): PaymentPlan[] {
  return plans.map((plan) => ({
    id: plan.id,
    accountId: plan.accountId,
    status: plan.status,
    versions: versions
      .filter((v) => v.planId === plan.id)
      .map((v) => ({
        version: v.version,
        amountCents: v.amountCents,
        frequency: v.frequency,
        firstDueDate: v.firstDueDate,
        instalmentCount: v.instalmentCount,
        by: v.by,
        at: v.at.toISOString(),
      })),
    pauses: pauses
      .filter((p) => p.planId === plan.id)
      .map((p) => ({
        pausedFrom: p.pausedFrom,
        resumeOn: p.resumeOn,
        resumedAt: p.resumedAt?.toISOString() ?? null,
        reason: p.reason,
        by: p.by,
        at: p.at.toISOString(),
      })),
    instalments: instalments
      .filter((i) => i.planId === plan.id)
      .map((i) => ({
        seq: i.seq,
        dueDate: i.dueDate,
        amountCents: i.amountCents,
        paidCents: i.paidCents,
        status: i.shown,
        version: i.version,
      })),
    createdAt: plan.createdAt.toISOString(),
  }));
}

async function assemble(db: Db, plans: StoredPlan[]): Promise<PaymentPlan[]> {
  const ids = plans.map((p) => p.id);
  const [versions, instalments, pauses] = await Promise.all([
    findVersions(db, ids),
    findInstalments(db, ids),
    findPauses(db, ids),
  ]);
  return toPlans(plans, versions, instalmentStates(versions, instalments), pauses);
}

/** The account's plans, newest first, as the plan panel shows them. */
export async function readPlansOfAccount(db: Db, accountId: string): Promise<PaymentPlan[]> {
  return assemble(db, await findPlansOfAccount(db, accountId));
}

export async function readPlan(db: Db, planId: string): Promise<PaymentPlan> {
  const plan = await findPlan(db, planId);
  const [assembled] = await assemble(db, plan ? [plan] : []);
  return assembled!;
}

/** "12 instalments of $100.00, monthly, from 12-01-2026" (or "… until paid"): how the timeline names terms. */
export function describeTerms(terms: PlanTerms, count: number): string {
  const frequency = PLAN_FREQUENCY_LABELS[terms.frequency].toLowerCase();
  const how = terms.instalmentCount === null ? ', until paid' : '';
  return `${count} instalment${count === 1 ? '' : 's'} of ${formatMoney(terms.amountCents)}, ${frequency}, from ${shownDate(terms.firstDueDate)}${how}`;
}
