import type { AccessType } from '@casedesk/contract/access/permissions';
import { scopeOf } from '@casedesk/contract/access/permissions';
import { PAYMENT_MESSAGES } from '@casedesk/contract/accounting/payment';
import type {
  Deposit,
  DepositWrite,
  ReconcileDay,
  ReconRequest,
  ReconRow,
  ReconTotal,
  ReopenDay,
} from '@casedesk/contract/accounting/reconciliation';
import { RECON_MESSAGES } from '@casedesk/contract/accounting/reconciliation';
import { formatMoney } from '@casedesk/contract/common/money';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { findPaymentOffice, lockReceiptCounter } from './payments.repository.ts';
import type { ReconWindow } from './reconciliation.repository.ts';
import {
  findLatestVersion,
  findReconDays,
  insertDeposit,
  insertReconVersion,
  sumReconDays,
} from './reconciliation.repository.ts';
import { officeToday } from '@casedesk/contract/common/dates';

const reconScope = (actor: Actor, access: AccessType) =>
  scopeOf(actor.permissions, 'CASH_FLOW_RECON', access, 'OFFICE');

/** The first day of a month and of the next (yyyy-MM-dd), the month's window. */
export function monthWindow(month: string, officeId?: string): ReconWindow {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, to: `${next}-01`, officeId };
}

/** The window of one day. */
export function dayWindow(day: string, officeId: string): ReconWindow {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { from: day, to: next.toISOString().slice(0, 10), officeId };
}

/**
 * Refuses a change to an office day that is reconciled (its latest version signed). Call it with the office's
 * receipt counter locked (lockReceiptCounter), as entries, reversals, deposits and reconciliations all do, so a
 * day cannot be signed between the check and the write.
 */
export async function requireOpenDay(tx: Db, officeId: string, day: string, field: string): Promise<void> {
  const latest = await findLatestVersion(tx, officeId, day);
  if (latest?.status === 'RECONCILED') {
    throw AppError.validation(PAYMENT_MESSAGES.dayReconciled, { [field]: PAYMENT_MESSAGES.dayReconciled });
  }
}

/** POST /cashFlow/reconTable: the month's office days within CASH_FLOW_RECON READ. */
export async function reconTable(db: Db, actor: Actor, request: ReconRequest): Promise<{ items: ReconRow[] }> {
  return { items: await findReconDays(db, monthWindow(request.month, request.officeId), reconScope(actor, 'READ')) };
}

/** POST /cashFlow/reconTotal: the month's sums over the same days. */
export async function reconTotal(db: Db, actor: Actor, request: ReconRequest): Promise<ReconTotal> {
  return sumReconDays(db, monthWindow(request.month, request.officeId), reconScope(actor, 'READ'));
}

async function requireReconOffice(db: Db, actor: Actor, access: AccessType, officeId: string, day: string) {
  const office = await findPaymentOffice(db, officeId, reconScope(actor, access));
  if (!office) throw AppError.notFound('Office');
  if (day > officeToday(office.timeZone)) {
    throw AppError.validation(RECON_MESSAGES.future, { day: RECON_MESSAGES.future });
  }
  return office;
}

async function dayFigures(tx: Db, officeId: string, day: string): Promise<ReconRow | undefined> {
  const [row] = await findReconDays(tx, dayWindow(day, officeId), { kind: 'all' });
  return row;
}

/**
 * POST /cashFlow/reconcile: signs an office day whose deposits equal what the office entered plus what
 * accounting posted; the totals signed are kept in the new version. Refused when it does not balance.
 */
export async function reconcileDay(db: Db, actor: Actor, input: ReconcileDay): Promise<ReconRow> {
  await requireReconOffice(db, actor, 'CREATE', input.officeId, input.day);
  await db.transaction(async (tx) => {
    await lockReceiptCounter(tx, input.officeId);
    const latest = await findLatestVersion(tx, input.officeId, input.day);
    if (latest?.status === 'RECONCILED') throw AppError.conflict(RECON_MESSAGES.alreadyReconciled);
    const figures = await dayFigures(tx, input.officeId, input.day);
    const difference = figures?.differenceCents ?? 0;
    if (difference !== 0) {
      const message = RECON_MESSAGES.unbalanced(formatMoney(difference));
      throw AppError.validation(message, { day: message });
    }
    const version = {
      officeId: input.officeId,
      day: input.day,
      version: (latest?.version ?? 0) + 1,
      status: 'RECONCILED' as const,
      officeEnteredCents: figures?.officeEnteredCents ?? 0,
      accountingCents: figures?.accountingCents ?? 0,
      depositCents: figures?.depositCents ?? 0,
      note: input.note,
      byId: actor.userId,
    };
    await insertReconVersion(tx, version);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'reconciliation.sign',
      entity: 'cash_flow_reconciliations',
      entityId: input.officeId,
      before: latest ?? null,
      after: version,
      ip: actor.ip,
      requestId: actor.requestId,
    });
  });
  return (await dayFigures(db, input.officeId, input.day))!;
}

/** POST /cashFlow/reopenRecon: a new REOPENED version with the reason; the signed one stays as it was. */
export async function reopenDay(db: Db, actor: Actor, input: ReopenDay): Promise<ReconRow> {
  await requireReconOffice(db, actor, 'UPDATE', input.officeId, input.day);
  await db.transaction(async (tx) => {
    await lockReceiptCounter(tx, input.officeId);
    const latest = await findLatestVersion(tx, input.officeId, input.day);
    if (latest?.status !== 'RECONCILED') throw AppError.conflict(RECON_MESSAGES.notReconciled);
    const figures = await dayFigures(tx, input.officeId, input.day);
    const version = {
      officeId: input.officeId,
      day: input.day,
      version: latest.version + 1,
      status: 'REOPENED' as const,
      officeEnteredCents: figures?.officeEnteredCents ?? 0,
      accountingCents: figures?.accountingCents ?? 0,
      depositCents: figures?.depositCents ?? 0,
      note: input.reason,
      byId: actor.userId,
    };
    await insertReconVersion(tx, version);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'reconciliation.reopen',
      entity: 'cash_flow_reconciliations',
      entityId: input.officeId,
      before: latest,
      after: version,
      ip: actor.ip,
      requestId: actor.requestId,
    });
  });
  return (await dayFigures(db, input.officeId, input.day))!;
}

/** POST /cashFlow/deposit: a bank deposit for an open office day (CASH_FLOW_RECON CREATE). */
export async function enterDeposit(db: Db, actor: Actor, input: DepositWrite): Promise<Deposit> {
  await requireReconOffice(db, actor, 'CREATE', input.officeId, input.depositDate);
  return db.transaction(async (tx) => {
    await lockReceiptCounter(tx, input.officeId);
    await requireOpenDay(tx, input.officeId, input.depositDate, 'depositDate');
    const deposit = await insertDeposit(tx, input, actor.userId);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'deposit.enter',
      entity: 'bank_deposits',
      entityId: deposit.id,
      before: null,
      after: input,
      ip: actor.ip,
      requestId: actor.requestId,
    });
    return deposit;
  });
}
