import { randomUUID } from 'node:crypto';
import type {
  collectionAccountAdjustmentSchema,
  collectionAccountAssignSchema,
  CollectionAccountDetail,
  collectionAccountNoteSchema,
  TimelineItem,
} from '@casedesk/contract/collections/account';
import { COLLECTION_ACCOUNT_MESSAGES } from '@casedesk/contract/collections/account';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { AccountChangeDeps } from './account-change-rules.ts';
import { assignmentEvent, AUDIT_ENTITY, notifyAssigned, refuseClosed } from './account-change-rules.ts';
import {
  assignAccounts as assignAccountRows,
  findAccountRef,
  lockAccountRefs,
} from './collection-account-refs.repository.ts';
import { findAccountRow } from './collection-accounts.repository.ts';
import { accountNotFound, accountScope, getAccount, requireCollectorFor } from './collection-accounts.service.ts';
import { findUserNames, insertAdjustment, insertEvents } from './collection-events.repository.ts';
import { heldLiveMessages } from './held-live-messages.ts';

type Assign = z.output<typeof collectionAccountAssignSchema>;
type Note = z.output<typeof collectionAccountNoteSchema>;
type Adjustment = z.output<typeof collectionAccountAdjustmentSchema>;

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
    if (input.collectorId)
      await requireCollectorFor(
        tx,
        input.collectorId,
        rows.map((r) => r.officeId),
      );
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
