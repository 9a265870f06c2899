import type { AccessType, PermissionType } from '@casedesk/contract/access/permissions';
import { allowsRecord } from '@casedesk/contract/access/permissions';
import type { ClientFieldName } from '@casedesk/contract/clients/client';
import { CLIENT_FIELD_NAMES, CLIENT_MESSAGES } from '@casedesk/contract/clients/client';
import type {
  ClientMergeRequest,
  ClientMergeResponse,
  InquiryMergeWithExistingRequest,
  MergeFieldChoices,
} from '@casedesk/contract/clients/client-merge';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db/database.ts';
import { pgErrorCode } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import {
  applySurvivorFields,
  findColumnsReferencingClients,
  lockClients,
  markMerged,
  moveReferences,
  repointTombstones,
} from './clients-merge.repository.ts';
import type { ClientRow, ClientWrite } from './clients.repository.ts';
import { findInquiryRef, toClientDetail } from './clients.repository.ts';
import { officeScope } from './clients.service.ts';

interface MergeAccess {
  permission: PermissionType;
  access: AccessType;
}

const CLIENT_ACCESS: MergeAccess = { permission: 'CLIENT_PROFILE', access: 'UPDATE' };
const LEADS_ACCESS: MergeAccess = { permission: 'LEADS', access: 'UPDATE' };

const nameOf = (row: ClientRow) => `${row.firstName} ${row.lastName}`;

/** The survivor's new values: each field whose choice is 'merged' takes the merged client's value. */
function chosenValues(merged: ClientRow, fields: MergeFieldChoices): ClientWrite {
  const changes: Record<string, unknown> = {};
  for (const name of CLIENT_FIELD_NAMES) {
    if (fields[name] === 'merged') changes[name] = merged[name as ClientFieldName & keyof ClientRow];
  }
  return changes as ClientWrite;
}

/**
 * Merge: in one transaction, lock both clients in id order, refuse tombstones, apply the chosen
 * field values to the survivor, move every related row (found from the catalog's foreign keys) to it,
 * leave the merged one as a tombstone pointing at the survivor, and audit before and after of both.
 */
async function mergeClients(
  db: Db,
  actor: Actor,
  request: { survivorId: string; mergedId: string; fields: MergeFieldChoices },
  scopeBy: MergeAccess,
  detail: Record<string, unknown> = {},
): Promise<ClientMergeResponse> {
  const { survivorId, mergedId, fields } = request;
  if (survivorId === mergedId)
    throw AppError.validation(CLIENT_MESSAGES.sameClient, { mergedId: CLIENT_MESSAGES.sameClient });
  const scope = officeScope(actor, scopeBy.permission, scopeBy.access);
  const columns = await findColumnsReferencingClients(db);
  return runMerge(db, async (tx) => {
    const locked = await lockClients(tx, [survivorId, mergedId]);
    const survivor = locked.find((row) => row.id === survivorId);
    const merged = locked.find((row) => row.id === mergedId);
    const inScope = (row: ClientRow | undefined) =>
      row && allowsRecord(actor.permissions, scopeBy.permission, scopeBy.access, { OFFICE: row.officeId });
    if (scope.kind === 'none' || !inScope(survivor) || !inScope(merged)) throw AppError.notFound('Client');
    for (const row of [survivor!, merged!]) {
      if (row.mergedIntoId) throw AppError.conflict(CLIENT_MESSAGES.alreadyMerged(nameOf(row)));
    }
    const survivorAfter = await applySurvivorFields(tx, survivorId, chosenValues(merged!, fields));
    const moved = await moveReferences(tx, columns, mergedId, survivorId);
    await repointTombstones(tx, mergedId, survivorId);
    const mergedAfter = await markMerged(tx, mergedId, survivorId);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'client.merge',
      entity: 'client',
      entityId: survivorId,
      before: { survivor: toClientDetail(survivor!), merged: toClientDetail(merged!) },
      after: { survivor: toClientDetail(survivorAfter), merged: toClientDetail(mergedAfter) },
      ip: actor.ip,
      requestId: actor.requestId,
      detail: { mergedId, fields, moved, ...detail },
    });
    return { survivor: toClientDetail(survivorAfter), mergedId, moved };
  });
}

/**
 * One transaction; a related table that allows one row per client (a unique key) cannot take both clients'
 * rows, which is a conflict to resolve by hand, not a server error. Nothing is written then.
 */
async function runMerge<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw AppError.conflict(CLIENT_MESSAGES.mergeBlocked);
    throw error;
  }
}

/** POST /api/v1/client/merge (CLIENT_PROFILE UPDATE on both clients' offices). */
export async function mergeClientRecords(db: Db, actor: Actor, request: ClientMergeRequest) {
  return mergeClients(db, actor, request, CLIENT_ACCESS);
}

/**
 * POST /api/v1/inquiry/mergeWithExisting (LEADS UPDATE): the inquiry's client is merged into an existing
 * client through the same merge, so the inquiry and everything else of that client moves with it.
 */
export async function mergeInquiryWithExisting(db: Db, actor: Actor, request: InquiryMergeWithExistingRequest) {
  const inquiry = await findInquiryRef(db, request.inquiryId);
  if (!inquiry || !allowsRecord(actor.permissions, 'LEADS', 'UPDATE', { OFFICE: inquiry.officeId })) {
    throw AppError.notFound('Inquiry');
  }
  return mergeClients(
    db,
    actor,
    { survivorId: request.existingClientId, mergedId: inquiry.clientId, fields: request.fields },
    LEADS_ACCESS,
    { inquiryId: request.inquiryId },
  );
}
