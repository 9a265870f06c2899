import { randomUUID } from 'node:crypto';
import type {
  CollectionAccountCreate,
  CollectionAccountDetail,
  CollectionAccountPatch,
  CollectionStatus,
  TimelineItem,
} from '@casedesk/contract/collections/account';
import { COLLECTION_ACCOUNT_MESSAGES, COLLECTION_STATUS_LABELS } from '@casedesk/contract/collections/account';
import { formatDateInput } from '@casedesk/contract/common/text';
import type { z } from 'zod';
import type {
  collectionAccountAdjustmentSchema,
  collectionAccountAssignSchema,
  collectionAccountNoteSchema,
} from '@casedesk/contract/collections/account';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus.ts';
import { requireLiveClient } from '../clients/clients.service.ts';
import { requireInquiryRef } from '../inquiries/inquiries.service.ts';
import { notifyUsers } from '../notifications/notifications.service.ts';
import type { AccountChanges } from './collection-accounts.repository.ts';
import {
  assignAccounts as assignAccountRows,
  findAccountOffice,
  findAccountRef,
  findAccountRow,
  insertAccount,
  lockAccountRefs,
  updateAccount,
} from './collection-accounts.repository.ts';
import { accountNotFound, accountScope, getAccount, requireCollectorFor } from './collection-accounts.service.ts';
import type { NewAccountEvent } from './collection-events.repository.ts';
import { findTerm, findUserNames, insertAdjustment, insertEvents } from './collection-events.repository.ts';
import { heldLiveMessages } from './held-live-messages.ts';

export interface AccountChangeDeps {
  db: Db;
  realtime: RealtimeBus;
}

type Assign = z.output<typeof collectionAccountAssignSchema>;
type Note = z.output<typeof collectionAccountNoteSchema>;
type Adjustment = z.output<typeof collectionAccountAdjustmentSchema>;

const AUDIT_ENTITY = 'collection_accounts';

/** The term an account is put on must exist and be offered (400 on `termId` otherwise). */
async function requireTerm(tx: Db, termId: string) {
  const term = await findTerm(tx, termId);
  if (!term?.active) {
    throw AppError.validation(COLLECTION_ACCOUNT_MESSAGES.term, { termId: COLLECTION_ACCOUNT_MESSAGES.term });
  }
  return term;
}

function refuseClosed(): never {
  throw new AppError('BUSINESS_RULE', COLLECTION_ACCOUNT_MESSAGES.closedAccount);
}

interface Assigned {
  id: string;
  accountNumber: number;
}

/** ACCOUNT notifications (SPEC §4: they open the account page) for the collector given accounts by someone else. */
async function notifyAssigned(tx: Db, bus: RealtimeBus, actor: Actor, collectorId: string, accounts: Assigned[]) {
  if (collectorId === actor.userId) return;
  for (const account of accounts) {
    await notifyUsers(tx, bus, {
      userIds: [collectorId],
      notificationType: 'ACCOUNT',
      notificationId: account.id,
      description: `Account ${account.accountNumber} was assigned to you by ${actor.self.displayName}`,
    });
  }
}

const assignmentEvent = (accountId: string, actor: Actor, name: string | null, detail: string | null) =>
  ({
    accountId,
    kind: 'ASSIGNMENT',
    title: name ? `Assigned to ${name}` : 'Unassigned',
    detail,
    byId: actor.userId,
  }) satisfies NewAccountEvent;

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
    const values = {
      officeId: input.officeId,
      clientId: input.clientId,
      inquiryId: input.inquiryId,
      status: 'ACTIVE' as const,
      termId: input.termId,
      collectorId: input.collectorId,
      followUpDate: input.followUpDate,
      originalCents: input.originalCents,
      openedById: actor.userId,
    };
    const inserted = await insertAccount(tx, values);
    const accountId = inserted.id;
    const events: NewAccountEvent[] = [
      { accountId, kind: 'STATUS', toStatus: 'ACTIVE', title: 'Account opened', detail: input.note, byId: actor.userId },
    ];
    if (input.collectorId) {
      const names = await findUserNames(tx, [input.collectorId]);
      events.push(assignmentEvent(accountId, actor, names.get(input.collectorId) ?? null, null));
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
    if (input.collectorId) await notifyAssigned(tx, live.bus, actor, input.collectorId, [inserted]);
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
  });
  await live.flush(deps.realtime);
  return getAccount(deps.db, actor, input.id);
}

/**
 * POST /collectionAccount/assign: the chosen accounts to one collector (or to nobody), all or none: an account
 * outside the caller's ALL_ACCOUNTS UPDATE reach fails the whole request with 404, as does a closed one (422) or a
 * collector who may not work one of their offices (400). Accounts already theirs are left as they are.
 */
export async function assignAccounts(
  deps: AccountChangeDeps,
  actor: Actor,
  input: Assign,
): Promise<{ assigned: number }> {
  const ids = [...new Set(input.accountIds)];
  const live = heldLiveMessages();
  const assigned = await deps.db.transaction(async (tx) => {
    const rows = await lockAccountRefs(tx, ids, accountScope(actor, 'UPDATE'));
    if (rows.length !== ids.length) {
      throw new AppError('NOT_FOUND', COLLECTION_ACCOUNT_MESSAGES.notFound, {
        accountIds: COLLECTION_ACCOUNT_MESSAGES.notFound,
      });
    }
    if (rows.some((r) => r.status === 'CLOSED')) refuseClosed();
    if (input.collectorId) await requireCollectorFor(tx, input.collectorId, rows.map((r) => r.officeId));
    const changed = rows.filter((r) => r.collectorId !== input.collectorId);
    if (changed.length === 0) return 0;
    await assignAccountRows(
      tx,
      changed.map((r) => r.id),
      input.collectorId,
    );
    const name = input.collectorId ? (await findUserNames(tx, [input.collectorId])).get(input.collectorId)! : null;
    await insertEvents(
      tx,
      changed.map((r) => assignmentEvent(r.id, actor, name, null)),
    );
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'collectionAccount.assign',
      entity: AUDIT_ENTITY,
      before: Object.fromEntries(changed.map((r) => [r.id, { collectorId: r.collectorId }])),
      after: { collectorId: input.collectorId },
      ip: actor.ip,
      requestId: actor.requestId,
      detail: { accountIds: changed.map((r) => r.id) },
    });
    if (input.collectorId) await notifyAssigned(tx, live.bus, actor, input.collectorId, changed);
    return changed.length;
  });
  await live.flush(deps.realtime);
  return { assigned };
}

/** POST /collectionAccount/note: a note on the history of an account the caller's ALL_ACCOUNTS UPDATE reaches. */
export async function addNote(db: Db, actor: Actor, input: Note): Promise<TimelineItem> {
  return db.transaction(async (tx) => {
    const account = await findAccountRef(tx, input.accountId, accountScope(actor, 'UPDATE'));
    if (!account) throw accountNotFound();
    const at = new Date();
    const id = randomUUID();
    await insertEvents(tx, [
      { id, accountId: account.id, kind: 'NOTE', title: 'Note', detail: input.note, byId: actor.userId, at },
    ]);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'collectionAccount.note',
      entity: AUDIT_ENTITY,
      entityId: account.id,
      after: { eventId: id },
      ip: actor.ip,
      requestId: actor.requestId,
      detail: { noteLength: input.note.length },
    });
    return {
      id,
      kind: 'NOTE',
      at: at.toISOString(),
      title: 'Note',
      detail: input.note,
      by: actor.self.displayName,
      amountCents: null,
    };
  });
}

/**
 * POST /collectionAccount/adjustment: a write-off (negative) or a correction of what is owed, append-only like
 * the ledger; the balance may not go below zero (422). A closed account takes none.
 */
export async function adjustAccount(db: Db, actor: Actor, input: Adjustment): Promise<CollectionAccountDetail> {
  await db.transaction(async (tx) => {
    const row = await findAccountRow(tx, input.accountId, accountScope(actor, 'UPDATE'), true);
    if (!row) throw accountNotFound();
    if (row.status === 'CLOSED') refuseClosed();
    if (row.balanceCents + input.amountCents < 0) {
      throw new AppError('BUSINESS_RULE', COLLECTION_ACCOUNT_MESSAGES.adjustmentBelowZero, {
        amountCents: COLLECTION_ACCOUNT_MESSAGES.adjustmentBelowZero,
      });
    }
    const adjustmentId = await insertAdjustment(tx, {
      accountId: row.id,
      amountCents: input.amountCents,
      reason: input.reason,
      byId: actor.userId,
    });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'collectionAccount.adjust',
      entity: AUDIT_ENTITY,
      entityId: row.id,
      before: { adjustmentsCents: row.adjustmentsCents },
      after: { adjustmentsCents: row.adjustmentsCents + input.amountCents, adjustmentId, reason: input.reason },
      ip: actor.ip,
      requestId: actor.requestId,
    });
  });
  return getAccount(db, actor, input.accountId);
}
