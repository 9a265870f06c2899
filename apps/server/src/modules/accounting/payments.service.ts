import type { AccessType } from '@casedesk/contract/access/permissions';
import { scopeOf } from '@casedesk/contract/access/permissions';
import type {
  CashFlowListRequest,
  CashFlowTotals,
  CashFlowTotalsRequest,
  PaymentDetail,
  PaymentWrite,
  ReversePayment,
} from '@casedesk/contract/accounting/payment';
import { PAYMENT_MESSAGES } from '@casedesk/contract/accounting/payment';
import type { OfficeEnteredTotal } from '@casedesk/contract/accounting/reconciliation';
import type { ClientPayment } from '@casedesk/contract/clients/client-details';
import { COLLECTION_ACCOUNT_MESSAGES } from '@casedesk/contract/collections/account';
import { auditExport, recordAudit } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Database, Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { requireLiveClient } from '../clients/clients.service.ts';
import { findReachableAccount } from '../collections/collection-contact.service.ts';
import { requireInquiryRef } from '../inquiries/inquiries.service.ts';
import { officeToday } from '@casedesk/contract/common/dates';
import { renderReceiptPdf } from './receipt-pdf.ts';
import { requireOpenDay } from './reconciliation.service.ts';
import { depositTrustPayment, reverseTrustDeposit } from './trust.service.ts';
import {
  findCashFlowPage,
  findClientPayments,
  findPaymentOffice,
  findPaymentRow,
  insertPayment,
  isLawType,
  lockReceiptCounter,
  receiptNumberTaken,
  setReceiptCounter,
  sumCashFlow,
  sumCashFlowByPaymentType,
} from './payments.repository.ts';

const cashFlowScope = (actor: Actor, access: AccessType) => scopeOf(actor.permissions, 'CASH_FLOW', access, 'OFFICE');

/** POST /cashFlow/all: the cash flow within the caller's CASH_FLOW READ offices. */
export async function listCashFlow(
  database: Pick<Database, 'db' | 'cursor'>,
  actor: Actor,
  request: CashFlowListRequest,
) {
  return findCashFlowPage(database, request, cashFlowScope(actor, 'READ'));
}

/** POST /cashFlow/totals: fees, cost and total of the same rows the list shows for the filter. */
export async function cashFlowTotals(db: Db, actor: Actor, request: CashFlowTotalsRequest): Promise<CashFlowTotals> {
  return sumCashFlow(db, request.filter, cashFlowScope(actor, 'READ'));
}

/** POST /cashFlow/officeEnteredCashFlow: the list of what offices entered (the office manager's view). */
export async function listOfficeEnteredCashFlow(
  database: Pick<Database, 'db' | 'cursor'>,
  actor: Actor,
  request: CashFlowListRequest,
) {
  return listCashFlow(database, actor, { ...request, filter: { ...request.filter, officeEntered: true } });
}

/**
 * POST /cashFlow/officeEnteredTotal: what offices entered for the filter (typically one office's day), per
 * payment type and in all: the deposit slip's figures.
 */
export async function officeEnteredTotal(
  db: Db,
  actor: Actor,
  request: CashFlowTotalsRequest,
): Promise<OfficeEnteredTotal> {
  const filter = { ...request.filter, officeEntered: true };
  const scope = cashFlowScope(actor, 'READ');
  const [byPaymentType, total] = await Promise.all([
    sumCashFlowByPaymentType(db, filter, scope),
    sumCashFlow(db, filter, scope),
  ]);
  return { byPaymentType, total };
}

/** The client detail's payments tab: the client's payments in the caller's CASH_FLOW READ offices. */
export async function listClientPayments(db: Db, actor: Actor, clientId: string): Promise<ClientPayment[]> {
  const rows = await findClientPayments(db, clientId, cashFlowScope(actor, 'READ'));
  return rows.map((r) => ({
    ...r,
    amountCents: Number(r.amountCents),
    receiptNumber: r.receiptNumber === null ? null : String(r.receiptNumber),
  }));
}

/** GET /payment/:paymentId: one payment with its reversal, within CASH_FLOW READ. */
export async function getPayment(db: Db, actor: Actor, id: string): Promise<PaymentDetail> {
  const scope = cashFlowScope(actor, 'READ');
  const payment = await findPaymentRow(db, id, scope);
  if (!payment) throw AppError.notFound('Payment');
  const reversal = payment.reversedById ? ((await findPaymentRow(db, payment.reversedById, scope)) ?? null) : null;
  return { ...payment, reversal };
}

/**
 * The receipt number an entry gets: the one typed, if the office has not used it (409 otherwise), or the
 * office's next unused one. The counter stays locked until the entry commits, so concurrent entries never
 * share a number, and a rolled-back entry gives its number back.
 */
async function takeReceiptNumber(tx: Db, officeId: string, typed: number | null): Promise<number> {
  const last = await lockReceiptCounter(tx, officeId);
  if (typed !== null) {
    if (await receiptNumberTaken(tx, officeId, typed)) throw AppError.conflict(PAYMENT_MESSAGES.receiptTaken);
    return typed;
  }
  let next = last + 1;
  while (await receiptNumberTaken(tx, officeId, next)) next += 1;
  await setReceiptCounter(tx, officeId, next);
  return next;
}

function refuseFuture(date: string, today: string, field: string) {
  if (date > today) throw AppError.validation(PAYMENT_MESSAGES.future, { [field]: PAYMENT_MESSAGES.future });
}

/**
 * POST /cashFlow/payment: enters a payment in an office the caller's CASH_FLOW CREATE reaches, for a client
 * (and matter) the caller may read. The matter must be the client's; the day cannot be after the office's today.
 */
export async function enterPayment(db: Db, actor: Actor, input: PaymentWrite): Promise<PaymentDetail> {
  const office = await findPaymentOffice(db, input.officeId, cashFlowScope(actor, 'CREATE'));
  if (!office) throw AppError.notFound('Office');
  if (office.status !== 'ACTIVE') {
    throw AppError.validation(PAYMENT_MESSAGES.inactiveOffice, { officeId: PAYMENT_MESSAGES.inactiveOffice });
  }
  refuseFuture(input.paymentDate, officeToday(office.timeZone), 'paymentDate');
  await requireLiveClient(db, actor, input.clientId);
  let lawTypeId = input.lawTypeId;
  if (input.inquiryId) {
    const matter = await requireInquiryRef(db, actor, input.inquiryId);
    if (matter.clientId !== input.clientId) {
      throw AppError.validation(PAYMENT_MESSAGES.matterOfOtherClient, {
        inquiryId: PAYMENT_MESSAGES.matterOfOtherClient,
      });
    }
    lawTypeId ??= matter.lawTypeId;
  }
  if (input.collectionAccountId) {
    // The money pays down one of the client's collection accounts, one the caller may read (404 otherwise).
    const account = await findReachableAccount(db, actor, input.collectionAccountId);
    if (!account) {
      throw new AppError('NOT_FOUND', COLLECTION_ACCOUNT_MESSAGES.notFound, {
        collectionAccountId: COLLECTION_ACCOUNT_MESSAGES.notFound,
      });
    }
    if (account.clientId !== input.clientId) {
      throw AppError.validation(COLLECTION_ACCOUNT_MESSAGES.accountOfOtherClient, {
        collectionAccountId: COLLECTION_ACCOUNT_MESSAGES.accountOfOtherClient,
      });
    }
  }
  if (input.lawTypeId && !(await isLawType(db, input.lawTypeId))) {
    throw AppError.validation(PAYMENT_MESSAGES.lawType, { lawTypeId: PAYMENT_MESSAGES.lawType });
  }
  const id = await db.transaction(async (tx) => {
    const receiptNumber = await takeReceiptNumber(tx, input.officeId, input.receiptNumber);
    await requireOpenDay(tx, input.officeId, input.paymentDate, 'paymentDate');
    const values = {
      ...input,
      collectionAccountId: input.collectionAccountId ?? null,
      lawTypeId,
      receiptNumber,
      enteredById: actor.userId,
    };
    const paymentId = await insertPayment(tx, values);
    if (values.account === 'TRUST') await depositTrustPayment(tx, actor, { ...values, id: paymentId });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'payment.enter',
      entity: 'payments',
      entityId: paymentId,
      before: null,
      after: values,
      ip: actor.ip,
      requestId: actor.requestId,
    });
    return paymentId;
  });
  return getPayment(db, actor, id);
}

/**
 * POST /cashFlow/deletePayment: nothing is deleted. A reversal with the opposite amounts, the reason and the
 * caller is entered on an open day (the office's today unless given) and linked to the payment; both stay.
 */
export async function reversePayment(db: Db, actor: Actor, input: ReversePayment): Promise<PaymentDetail> {
  const scope = cashFlowScope(actor, 'UPDATE');
  await db.transaction(async (tx) => {
    const original = await findPaymentRow(tx, input.id, scope, true);
    if (!original) throw AppError.notFound('Payment');
    // The office's counter is the lock every change to its days takes (see requireOpenDay).
    await lockReceiptCounter(tx, original.officeId);
    if (original.reversesId) {
      throw AppError.validation(PAYMENT_MESSAGES.reversalOfReversal, { id: PAYMENT_MESSAGES.reversalOfReversal });
    }
    if (original.reversedById) throw AppError.conflict(PAYMENT_MESSAGES.alreadyReversed);
    const office = await findPaymentOffice(tx, original.officeId, { kind: 'all' });
    const today = officeToday(office!.timeZone);
    const reversalDate = input.reversalDate ?? today;
    refuseFuture(reversalDate, today, 'reversalDate');
    await requireOpenDay(tx, original.officeId, reversalDate, 'reversalDate');
    const values = {
      officeId: original.officeId,
      clientId: original.clientId,
      inquiryId: original.inquiryId,
      lawTypeId: original.lawTypeId,
      paymentType: original.paymentType,
      account: original.account,
      // The reversal takes back what the original paid on its collection account (the trigger moves paid_cents).
      collectionAccountId: original.collectionAccountId,
      feesCents: -original.feesCents,
      costCents: -original.costCents,
      receiptNumber: null,
      paymentDate: reversalDate,
      officeEntered: original.officeEntered,
      enteredById: actor.userId,
      reversesId: original.id,
      reason: input.reason,
    };
    const reversalId = await insertPayment(tx, values);
    if (original.account === 'TRUST') await reverseTrustDeposit(tx, actor, original, { ...values, id: reversalId });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'payment.reverse',
      entity: 'payments',
      entityId: original.id,
      before: { reversedById: null },
      after: { reversedById: reversalId, reason: input.reason, reversalDate },
      ip: actor.ip,
      requestId: actor.requestId,
    });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'payment.enterReversal',
      entity: 'payments',
      entityId: reversalId,
      before: null,
      after: values,
      ip: actor.ip,
      requestId: actor.requestId,
    });
  });
  return getPayment(db, actor, input.id);
}

/** GET /payment/:paymentId/receipt: the receipt as a PDF (reversals marked), within CASH_FLOW READ; audited. */
export async function paymentReceiptPdf(db: Db, actor: Actor, id: string, offsetHours: number): Promise<Buffer> {
  const payment = await getPayment(db, actor, id);
  await auditExport(db, actor, { entity: 'payments', entityId: payment.id, detail: { format: 'pdf' } });
  return renderReceiptPdf(payment, offsetHours);
}
