import type { AccessType } from '@casedesk/contract/access/permissions';
import { scopeOf } from '@casedesk/contract/access/permissions';
import type { ReopenThreeWay, SignThreeWay, ThreeWay, ThreeWayRequest } from '@casedesk/contract/accounting/trust';
import { TRUST_MESSAGES } from '@casedesk/contract/accounting/trust';
import { formatMoney } from '@casedesk/contract/common/money';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { officeToday } from '@casedesk/contract/common/dates';
import { findPaymentOffice, lockReceiptCounter } from './payments.repository.ts';
import { monthWindow } from './reconciliation.service.ts';
import type { NewThreeWayVersion } from './trust-reconciliation.repository.ts';
import {
  findLatestThreeWay,
  findThreeWayVersions,
  insertThreeWayVersion,
  trustFigures,
} from './trust-reconciliation.repository.ts';

const reconScope = (actor: Actor, access: AccessType) =>
  scopeOf(actor.permissions, 'CASH_FLOW_RECON', access, 'OFFICE');

/** The month's last day (yyyy-MM-dd). */
function monthEnd(month: string): string {
  const next = new Date(`${monthWindow(month).to}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() - 1);
  return next.toISOString().slice(0, 10);
}

async function requireOffice(db: Db, actor: Actor, access: AccessType, officeId: string) {
  const office = await findPaymentOffice(db, officeId, reconScope(actor, access));
  if (!office) throw AppError.notFound('Office');
  return office;
}

/**
 * The three balances of an office's trust account at the month's end: the bank statement's (typed), the book's
 * and the client ledgers' summed. They agree when all three are equal to the cent and every ledger holds.
 */
async function figures(db: Db, input: ThreeWayRequest): Promise<ThreeWay> {
  const through = monthEnd(input.month);
  const [found, versions] = await Promise.all([
    trustFigures(db, input.officeId, through),
    findThreeWayVersions(db, input.officeId, input.month),
  ]);
  const statementCents = input.statementBalanceCents ?? null;
  const bankMinusBookCents = statementCents === null ? null : statementCents - found.bookCents;
  const ledgersMinusBookCents = found.ledgersCents - found.bookCents;
  return {
    officeId: input.officeId,
    month: input.month,
    through,
    statementCents,
    bookCents: found.bookCents,
    ledgersCents: found.ledgersCents,
    bankMinusBookCents,
    ledgersMinusBookCents,
    agrees: bankMinusBookCents === 0 && ledgersMinusBookCents === 0 && found.differingCount === 0,
    signed: versions.at(-1)?.status === 'SIGNED',
    differingLedgers: found.differingLedgers,
    versions,
  };
}

/** POST /trust/threeWay: the month's figures, the ledgers that differ and the signed versions. */
export async function threeWay(db: Db, actor: Actor, input: ThreeWayRequest): Promise<ThreeWay> {
  await requireOffice(db, actor, 'READ', input.officeId);
  return figures(db, input);
}

async function addVersion(tx: Db, actor: Actor, action: string, values: NewThreeWayVersion, before: object | null) {
  await insertThreeWayVersion(tx, values);
  await recordAudit(tx, {
    actorId: actor.userId,
    action,
    entity: 'trust_reconciliations',
    entityId: values.officeId,
    before,
    after: values,
    ip: actor.ip,
    requestId: actor.requestId,
  });
}

/**
 * POST /trust/signThreeWay: signs a month that has ended and whose three balances agree; its trust entries are
 * locked until reopened. The office's counter lock keeps entries from landing between the check and the sign.
 */
export async function signThreeWay(db: Db, actor: Actor, input: SignThreeWay): Promise<ThreeWay> {
  const office = await requireOffice(db, actor, 'CREATE', input.officeId);
  if (monthEnd(input.month) >= officeToday(office.timeZone)) {
    throw AppError.validation(TRUST_MESSAGES.futureMonth, { month: TRUST_MESSAGES.futureMonth });
  }
  await db.transaction(async (tx) => {
    await lockReceiptCounter(tx, input.officeId);
    const latest = await findLatestThreeWay(tx, input.officeId, input.month);
    if (latest?.status === 'SIGNED') throw AppError.conflict(TRUST_MESSAGES.alreadySigned);
    const now = await figures(tx, input);
    if (!now.agrees) {
      const message = TRUST_MESSAGES.notAgreeing(
        formatMoney(now.bankMinusBookCents ?? 0),
        formatMoney(now.ledgersMinusBookCents),
      );
      throw AppError.validation(message, { statementBalanceCents: message });
    }
    const values = {
      officeId: input.officeId,
      month: input.month,
      version: (latest?.version ?? 0) + 1,
      status: 'SIGNED' as const,
      statementCents: input.statementBalanceCents,
      bookCents: now.bookCents,
      ledgersCents: now.ledgersCents,
      note: input.note,
      byId: actor.userId,
    };
    await addVersion(tx, actor, 'trust.signThreeWay', values, latest ?? null);
  });
  return figures(db, input);
}

/** POST /trust/reopenThreeWay: a REOPENED version with the reason; every earlier version stays. */
export async function reopenThreeWay(db: Db, actor: Actor, input: ReopenThreeWay): Promise<ThreeWay> {
  await requireOffice(db, actor, 'UPDATE', input.officeId);
  const statementBalanceCents = await db.transaction(async (tx) => {
    await lockReceiptCounter(tx, input.officeId);
    const versions = await findThreeWayVersions(tx, input.officeId, input.month);
    const latest = versions.at(-1);
    if (latest?.status !== 'SIGNED') throw AppError.conflict(TRUST_MESSAGES.notSigned);
    const values = {
      officeId: input.officeId,
      month: input.month,
      version: latest.version + 1,
      status: 'REOPENED' as const,
      statementCents: latest.statementCents,
      bookCents: latest.bookCents,
      ledgersCents: latest.ledgersCents,
      note: input.reason,
      byId: actor.userId,
    };
    await addVersion(tx, actor, 'trust.reopenThreeWay', values, latest);
    return latest.statementCents;
  });
  return figures(db, { officeId: input.officeId, month: input.month, statementBalanceCents });
}
