import type { AccessType } from '@casedesk/contract/access/permissions';
import { scopeOf } from '@casedesk/contract/access/permissions';
import type {
  DisbursementWrite,
  ReverseDisbursement,
  TrustEntry,
  TrustLedger,
  TrustLedgersRequest,
} from '@casedesk/contract/accounting/trust';
import { TRUST_MESSAGES } from '@casedesk/contract/accounting/trust';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { requireInquiryRef } from '../inquiries/inquiries.service.ts';
import { officeToday } from '@casedesk/contract/common/dates';
import { findPaymentOffice, lockReceiptCounter } from './payments.repository.ts';
import { requireOpenDay } from './reconciliation.service.ts';
import { findLatestThreeWay } from './trust-reconciliation.repository.ts';
import type { NewTrustEntry } from './trust.repository.ts';
import {
  findDepositOfPayment,
  findTrustEntries,
  findTrustEntry,
  findTrustLedgersPage,
  findTrustMatter,
  insertTrustEntry,
  lockTrustBalance,
} from './trust.repository.ts';

const cashFlowScope = (actor: Actor, access: AccessType) => scopeOf(actor.permissions, 'CASH_FLOW', access, 'OFFICE');

/**
 * Refuses a trust entry on a day that is closed: a reconciled office day (as every cash-flow change) or a month
 * whose three-way reconciliation is signed. Call it with the office's receipt counter locked, as signing does.
 */
async function requireOpenTrustDay(tx: Db, officeId: string, day: string, field: string): Promise<void> {
  await requireOpenDay(tx, officeId, day, field);
  if ((await findLatestThreeWay(tx, officeId, day.slice(0, 7)))?.status === 'SIGNED') {
    throw AppError.validation(TRUST_MESSAGES.monthSigned, { [field]: TRUST_MESSAGES.monthSigned });
  }
}

const isBalanceCheck = (error: unknown) =>
  (error as { cause?: { code?: string } })?.cause?.code === '23514' || (error as { code?: string })?.code === '23514';

/**
 * Takes money out of a matter's trust balance (or puts back what a deposit reversal removes). The balance row is
 * locked first, so the refusal names the balance as it stands; the database check refuses it anyway if any path
 * got here without the lock.
 */
async function withdraw(tx: Db, entry: NewTrustEntry, what?: string): Promise<string> {
  const held = await lockTrustBalance(tx, entry.officeId, entry.inquiryId);
  const amount = -entry.amountCents;
  if (held < amount) throw AppError.conflict(TRUST_MESSAGES.belowZero(held, amount, what));
  try {
    return await insertTrustEntry(tx, entry);
  } catch (error) {
    if (isBalanceCheck(error)) throw AppError.conflict(TRUST_MESSAGES.belowZero(held, amount, what));
    throw error;
  }
}

async function auditEntry(tx: Db, actor: Actor, action: string, id: string, after: object): Promise<void> {
  await recordAudit(tx, {
    actorId: actor.userId,
    action,
    entity: 'trust_ledger_entries',
    entityId: id,
    before: null,
    after,
    ip: actor.ip,
    requestId: actor.requestId,
  });
}

interface TrustPayment {
  id: string;
  officeId: string;
  inquiryId: string | null;
  feesCents: number;
  costCents: number;
  paymentDate: string;
}

/** A TRUST payment's deposit on its matter's ledger, in the payment's transaction. */
export async function depositTrustPayment(tx: Db, actor: Actor, payment: TrustPayment): Promise<void> {
  await requireOpenTrustDay(tx, payment.officeId, payment.paymentDate, 'paymentDate');
  const entry = {
    officeId: payment.officeId,
    inquiryId: payment.inquiryId!,
    kind: 'DEPOSIT' as const,
    amountCents: payment.feesCents + payment.costCents,
    entryDate: payment.paymentDate,
    enteredById: actor.userId,
    paymentId: payment.id,
  };
  await auditEntry(tx, actor, 'trust.deposit', await insertTrustEntry(tx, entry), entry);
}

/**
 * A TRUST payment's reversal takes its deposit back out of the matter's trust balance, in the reversal's
 * transaction: refused (409) when the money was disbursed meanwhile.
 */
export async function reverseTrustDeposit(tx: Db, actor: Actor, original: TrustPayment, reversal: TrustPayment) {
  const deposit = await findDepositOfPayment(tx, original.id);
  if (!deposit) return;
  await requireOpenTrustDay(tx, reversal.officeId, reversal.paymentDate, 'reversalDate');
  const entry = {
    officeId: original.officeId,
    inquiryId: original.inquiryId!,
    kind: 'DEPOSIT_REVERSAL' as const,
    amountCents: -deposit.amountCents,
    entryDate: reversal.paymentDate,
    enteredById: actor.userId,
    paymentId: reversal.id,
    reversesId: deposit.id,
  };
  await auditEntry(tx, actor, 'trust.reverseDeposit', await withdraw(tx, entry, 'reversing this payment'), entry);
}

function entryDay(date: string | undefined, timeZone: string): string {
  const today = officeToday(timeZone);
  const day = date ?? today;
  if (day > today) throw AppError.validation(TRUST_MESSAGES.future, { entryDate: TRUST_MESSAGES.future });
  return day;
}

/** POST /trust/disbursement: pays money out of a matter's trust balance in an office (CASH_FLOW CREATE). */
export async function disburse(db: Db, actor: Actor, input: DisbursementWrite): Promise<TrustEntry> {
  const office = await findPaymentOffice(db, input.officeId, cashFlowScope(actor, 'CREATE'));
  if (!office) throw AppError.notFound('Office');
  await requireInquiryRef(db, actor, input.inquiryId);
  const entryDate = entryDay(input.entryDate, office.timeZone);
  const id = await db.transaction(async (tx) => {
    await lockReceiptCounter(tx, input.officeId);
    await requireOpenTrustDay(tx, input.officeId, entryDate, 'entryDate');
    const entry = {
      officeId: input.officeId,
      inquiryId: input.inquiryId,
      kind: 'DISBURSEMENT' as const,
      amountCents: -input.amountCents,
      payee: input.payee,
      purpose: input.purpose,
      entryDate,
      enteredById: actor.userId,
    };
    const entryId = await withdraw(tx, entry);
    await auditEntry(tx, actor, 'trust.disburse', entryId, entry);
    return entryId;
  });
  return requireEntry(db, actor, input.inquiryId, id);
}

/** POST /trust/reverseDisbursement: puts a disbursement back with the reason (CASH_FLOW UPDATE). */
export async function reverseDisbursement(db: Db, actor: Actor, input: ReverseDisbursement): Promise<TrustEntry> {
  const { inquiryId, reversalId } = await db.transaction(async (tx) => {
    const original = await findTrustEntry(tx, input.id, cashFlowScope(actor, 'UPDATE'), true);
    if (!original) throw AppError.notFound('Trust entry');
    await lockReceiptCounter(tx, original.officeId);
    if (original.kind !== 'DISBURSEMENT') {
      throw AppError.validation(TRUST_MESSAGES.notDisbursement, { id: TRUST_MESSAGES.notDisbursement });
    }
    if (original.reversedById) throw AppError.conflict(TRUST_MESSAGES.alreadyReversed);
    const office = await findPaymentOffice(tx, original.officeId, { kind: 'all' });
    const entryDate = entryDay(input.entryDate, office!.timeZone);
    await requireOpenTrustDay(tx, original.officeId, entryDate, 'entryDate');
    const entry = {
      officeId: original.officeId,
      inquiryId: original.inquiryId,
      kind: 'DISBURSEMENT_REVERSAL' as const,
      amountCents: -original.amountCents,
      reason: input.reason,
      entryDate,
      enteredById: actor.userId,
      reversesId: original.id,
    };
    const id = await insertTrustEntry(tx, entry);
    await auditEntry(tx, actor, 'trust.reverseDisbursement', id, entry);
    return { inquiryId: original.inquiryId, reversalId: id };
  });
  return requireEntry(db, actor, inquiryId, reversalId);
}

async function requireEntry(db: Db, actor: Actor, inquiryId: string, id: string): Promise<TrustEntry> {
  const entries = await findTrustEntries(db, inquiryId, cashFlowScope(actor, 'READ'));
  const entry = entries.find((e) => e.id === id);
  if (!entry) throw AppError.notFound('Trust entry');
  return entry;
}

/** GET /trust/ledger/:inquiryId: a matter's entries with the running balance, within CASH_FLOW READ. */
export async function getTrustLedger(db: Db, actor: Actor, inquiryId: string): Promise<TrustLedger> {
  const scope = cashFlowScope(actor, 'READ');
  const matter = await findTrustMatter(db, inquiryId, scope);
  if (!matter) throw AppError.notFound('Matter');
  return { ...matter, entries: await findTrustEntries(db, inquiryId, scope) };
}

/** POST /trust/ledgers: the matters' trust balances per office, within CASH_FLOW READ. */
export async function listTrustLedgers(db: Db, actor: Actor, request: TrustLedgersRequest) {
  const page = await findTrustLedgersPage(db, request, cashFlowScope(actor, 'READ'));
  return { ...page, pageNumber: request.pageNumber, pageSize: request.pageSize };
}
