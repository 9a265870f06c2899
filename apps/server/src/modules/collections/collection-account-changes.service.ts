import { randomUUID } from 'node:crypto';
import type {
  CollectionAccountCreate,
  CollectionAccountDetail,
  CollectionAccountPatch,
  CollectionStatus,
} from '@casedesk/contract/collections/account';
import { COLLECTION_ACCOUNT_MESSAGES, COLLECTION_STATUS_LABELS } from '@casedesk/contract/collections/account';
import { formatDateInput } from '@casedesk/contract/common/text';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { requireLiveClient } from '../clients/clients.service.ts';
import { requireInquiryRef } from '../inquiries/inquiries.service.ts';
import type { AccountChangeDeps } from './account-change-rules.ts';
import { assignmentEvent, AUDIT_ENTITY, notifyAssigned, refuseClosed, requireTerm } from './account-change-rules.ts';
import type { AccountChanges } from './collection-account-refs.repository.ts';
import { findAccountOffice, insertAccount, updateAccount } from './collection-account-refs.repository.ts';
import { findAccountRow } from './collection-accounts.repository.ts';
import { accountNotFound, accountScope, getAccount, requireCollectorFor } from './collection-accounts.service.ts';
import type { NewAccountEvent } from './collection-events.repository.ts';
import { findUserNames, insertEvents } from './collection-events.repository.ts';
import { heldLiveMessages } from './held-live-messages.ts';
import { takeRotationTurn } from './assignment-rules.service.ts';
import { startWorkflows } from './workflow-engine.service.ts';

/** The history's word for an assignment the office's rotation made. */
const ASSIGNED_BY_RULE = 'By the office’s assignment rule';

/**
 * POST /collectionAccount: opens an account in an office the caller's ALL_ACCOUNTS CREATE reaches (404 outside),
 * for a client they may read and one of that client's matters (LEADS READ), on an offered term, assigned to a
 * collector who may work the office. Its history starts with the opening (status Active) and the assignment.
 */
export async function openAccount(
  deps: AccountChangeDeps,
  actor: Actor,
  input: CollectionAccountCreate,
): Promise<CollectionAccountDetail> {
  const { db } = deps;
  if (!(await findAccountOffice(db, input.officeId, accountScope(actor, 'CREATE')))) {
    throw AppError.notFound('Office');
  }
  await requireLiveClient(db, actor, input.clientId);
  if (input.inquiryId) {
    const matter = await requireInquiryRef(db, actor, input.inquiryId);
    if (matter.clientId !== input.clientId) {
      const message = COLLECTION_ACCOUNT_MESSAGES.matterOfOtherClient;
      throw AppError.validation(message, { inquiryId: message });
    }
  }
  if (input.termId) await requireTerm(db, input.termId);
  if (input.collectorId) await requireCollectorFor(db, input.collectorId, [input.officeId]);
  const live = heldLiveMessages();
  const id = await db.transaction(async (tx) => {
    // No collector named: the office's assignment rule, if it has one, gives the next in its rotation.
    const collectorId = input.collectorId ?? (await takeRotationTurn(tx, input.officeId));
    const values = {
      officeId: input.officeId,
      clientId: input.clientId,
      inquiryId: input.inquiryId,
      status: 'ACTIVE' as const,
      termId: input.termId,
      collectorId,
      followUpDate: input.followUpDate,
      originalCents: input.originalCents,
      openedById: actor.userId,
    };
    const inserted = await insertAccount(tx, values);
    const accountId = inserted.id;
    const events: NewAccountEvent[] = [
      {
        accountId,
        kind: 'STATUS',
        toStatus: 'ACTIVE',
        title: 'Account opened',
        detail: input.note,
        byId: actor.userId,
      },
    ];
    if (collectorId) {
      const names = await findUserNames(tx, [collectorId]);
      const detail = input.collectorId ? null : ASSIGNED_BY_RULE;
      events.push(assignmentEvent(accountId, actor, names.get(collectorId) ?? null, detail));
    }
    await insertEvents(tx, events);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'collectionAccount.open',
      entity: AUDIT_ENTITY,
      entityId: accountId,
      before: null,
      after: values,
      ip: actor.ip,
      requestId: actor.requestId,
    });
    if (collectorId) await notifyAssigned(tx, live.bus, actor, collectorId, [inserted]);
    // The Account opened workflows start with the account (their first steps are queued by the sweeper).
    await startWorkflows(tx, { accountId, trigger: 'ACCOUNT_OPENED', eventId: accountId });
    return accountId;
  });
  await live.flush(deps.realtime);
  return getAccount(db, actor, id);
}

/**
 * PATCH /collectionAccount: status, term, collector and follow-up date of an account the caller's ALL_ACCOUNTS
 * UPDATE reaches; each change is an event of its history (a status change with the old and new status and the
 * reason: the status history). Paid only at a zero balance; a closed account changes nothing but its status.
 */
export async function patchAccount(
  deps: AccountChangeDeps,
  actor: Actor,
  input: CollectionAccountPatch,
): Promise<CollectionAccountDetail> {
  const live = heldLiveMessages();
  await deps.db.transaction(async (tx) => {
    const row = await findAccountRow(tx, input.id, accountScope(actor, 'UPDATE'), true);
    if (!row) throw accountNotFound();
    const changes: AccountChanges = {};
    const events: NewAccountEvent[] = [];
    const event = (e: Omit<NewAccountEvent, 'accountId' | 'byId' | 'detail'>) =>
      events.push({ ...e, accountId: row.id, byId: actor.userId, detail: input.note });
    const status: CollectionStatus = input.status ?? row.status;
    const otherChanges =
      (input.termId !== undefined && input.termId !== row.termId) ||
      (input.collectorId !== undefined && input.collectorId !== row.collectorId) ||
      (input.followUpDate !== undefined && input.followUpDate !== row.followUpDate);
    if (status === 'CLOSED' && otherChanges) refuseClosed();
    if (status !== row.status) {
      if (status === 'PAID' && row.balanceCents !== 0) {
        throw new AppError('BUSINESS_RULE', COLLECTION_ACCOUNT_MESSAGES.paidNeedsZero, {
          status: COLLECTION_ACCOUNT_MESSAGES.paidNeedsZero,
        });
      }
      changes.status = status;
      const title = `Status changed from ${COLLECTION_STATUS_LABELS[row.status]} to ${COLLECTION_STATUS_LABELS[status]}`;
      event({ kind: 'STATUS', fromStatus: row.status, toStatus: status, title });
    }
    if (input.termId !== undefined && input.termId !== row.termId) {
      const term = input.termId ? await requireTerm(tx, input.termId) : null;
      changes.termId = input.termId;
      event({ kind: 'TERM', title: term ? `Term set to ${term.name}` : 'Term cleared' });
    }
    if (input.collectorId !== undefined && input.collectorId !== row.collectorId) {
      if (input.collectorId) await requireCollectorFor(tx, input.collectorId, [row.officeId]);
      changes.collectorId = input.collectorId;
      const names = await findUserNames(tx, input.collectorId ? [input.collectorId] : []);
      events.push(assignmentEvent(row.id, actor, input.collectorId ? names.get(input.collectorId)! : null, input.note));
    }
    if (input.followUpDate !== undefined && input.followUpDate !== row.followUpDate) {
      changes.followUpDate = input.followUpDate;
      const title = input.followUpDate
        ? `Follow-up date set to ${formatDateInput(input.followUpDate)}`
        : 'Follow-up date cleared';
      event({ kind: 'FOLLOW_UP', title });
    }
    if (events.length === 0) return;
    await updateAccount(tx, row.id, changes);
    await insertEvents(tx, events);
    const before = Object.fromEntries(Object.keys(changes).map((k) => [k, row[k as keyof AccountChanges]]));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'collectionAccount.update',
      entity: AUDIT_ENTITY,
      entityId: row.id,
      before,
      after: changes,
      ip: actor.ip,
      requestId: actor.requestId,
      detail: input.note ? { note: input.note } : undefined,
    });
    if (changes.collectorId) await notifyAssigned(tx, live.bus, actor, changes.collectorId, [row]);
    // A person's status change starts the account's Status changed workflows (one event per change).
    if (changes.status) {
      await startWorkflows(tx, {
        accountId: row.id,
        trigger: 'STATUS_CHANGED',
        toStatus: changes.status,
        eventId: randomUUID(),
      });
    }
  });
  await live.flush(deps.realtime);
  return getAccount(deps.db, actor, input.id);
}
