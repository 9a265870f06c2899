import type { AccessType, PermissionType, Scope } from '@casedesk/contract/access/permissions';
import { allowsRecord, scopeOf } from '@casedesk/contract/access/permissions';
import type { ClientDetail, ClientSummary } from '@casedesk/contract/clients/client';
import type { createClientSchema, updateClientSchema } from '@casedesk/contract/clients/client';
import { CLIENT_MESSAGES } from '@casedesk/contract/clients/client';
import type { ClientSearchRequest, ClientSearchResponse } from '@casedesk/contract/clients/client-search';
import type { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Database, Db } from '../../platform/db/database.ts';
import { STREAMED_LIST_MIN_ROWS } from '../../platform/db/select-in-chunks.ts';
import { StreamedList } from '../../platform/http/streamed-list.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { searchClientsPage, streamClientsPage } from './clients-search.repository.ts';
import type { ClientRow, ClientWrite } from './clients.repository.ts';
import { findClientRow, insertClientRow, officeExists, toClientDetail, updateClientRow } from './clients.repository.ts';

/** SPEC §6: the offices an actor's access level reaches, applied in every query (DESIGN §3). */
export function officeScope(actor: Actor, permission: PermissionType, access: AccessType): Scope {
  return scopeOf(actor.permissions, permission, access, 'OFFICE');
}

/** A client the actor may reach with this access level; out of scope reads as not found (no IDOR). */
export async function requireClient(
  db: Db,
  actor: Actor,
  id: string,
  permission: PermissionType = 'CLIENT_PROFILE',
  access: AccessType = 'READ',
  lock = false,
): Promise<ClientRow> {
  const row = await findClientRow(db, id, officeScope(actor, permission, access), lock);
  if (!row) throw AppError.notFound('Client');
  return row;
}

/** A client as stored, for another module that already authorized reaching it (e.g. a lead's client). */
export async function findClientDetail(db: Db, id: string): Promise<ClientDetail | undefined> {
  const row = await findClientRow(db, id, { kind: 'all' });
  return row ? toClientDetail(row) : undefined;
}

/** A live (not merged-away) client the actor may read; others, tombstones included, read as not found. */
export async function requireLiveClient(db: Db, actor: Actor, id: string, lock = false): Promise<ClientRow> {
  const row = await requireClient(db, actor, id, 'CLIENT_PROFILE', 'READ', lock);
  if (row.mergedIntoId) throw AppError.notFound('Client');
  return row;
}

/** The office a new or moved client gets must exist and be one the caller manages (SPEC §6). */
async function checkOffice(db: Db, actor: Actor, access: AccessType, officeId: string | null | undefined) {
  if (officeId === undefined) return;
  if (!allowsRecord(actor.permissions, 'CLIENT_PROFILE', access, { OFFICE: officeId })) {
    throw AppError.validation(CLIENT_MESSAGES.officeOutOfScope, { officeId: CLIENT_MESSAGES.officeOutOfScope });
  }
  if (officeId !== null && !(await officeExists(db, officeId))) {
    throw AppError.validation(CLIENT_MESSAGES.unknownOffice, { officeId: CLIENT_MESSAGES.unknownOffice });
  }
}

type CreateClient = z.output<typeof createClientSchema>;
type UpdateClient = z.output<typeof updateClientSchema>;
/** Client fields as the contract's schemas output them; left-out fields are undefined. */
type ClientInput = { [K in keyof ClientWrite]?: ClientWrite[K] | undefined };

/** Drops the fields a caller left out, so an update never clears what it did not send. */
function definedOnly(input: ClientInput): ClientWrite {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as ClientWrite;
}

/**
 * Writes a new client and its audit row inside the caller's transaction. The caller has authorized it:
 * POST /client with CLIENT_PROFILE CREATE, a new lead with LEADS CREATE (the lead brings its client).
 */
export async function createClientRecord(
  tx: Db,
  actor: Actor,
  input: ClientInput & { firstName: string; lastName: string },
  officeId: string | null,
): Promise<ClientDetail> {
  const row = await insertClientRow(tx, {
    ...definedOnly(input),
    firstName: input.firstName,
    lastName: input.lastName,
    officeId,
  });
  const created = toClientDetail(row);
  await recordAudit(tx, {
    actorId: actor.userId,
    action: 'client.create',
    entity: 'client',
    entityId: row.id,
    after: created,
    ip: actor.ip,
    requestId: actor.requestId,
  });
  return created;
}

/**
 * Applies the given fields to a live client and audits what changed, inside the caller's transaction
 * (PUT /client, or the client section of a lead). A merged-away record is history: edits go to the survivor.
 */
async function updateClientRecord(tx: Db, actor: Actor, before: ClientRow, input: ClientInput): Promise<ClientDetail> {
  if (before.mergedIntoId)
    throw AppError.conflict(CLIENT_MESSAGES.alreadyMerged(`${before.firstName} ${before.lastName}`));
  const changes = definedOnly(input);
  const after = toClientDetail((await updateClientRow(tx, before.id, changes))!);
  const keys = Object.keys(changes) as (keyof ClientDetail)[];
  const beforeDetail = toClientDetail(before);
  await recordAudit(tx, {
    actorId: actor.userId,
    action: 'client.update',
    entity: 'client',
    entityId: before.id,
    before: Object.fromEntries(keys.map((k) => [k, beforeDetail[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
    ip: actor.ip,
    requestId: actor.requestId,
  });
  return after;
}

/** The fields of an input that differ from the stored client: a section sent back as read changes none. */
function changedFields(before: ClientRow, input: ClientInput): ClientWrite {
  return Object.fromEntries(
    Object.entries(definedOnly(input)).filter(([key, value]) => before[key as keyof ClientRow] !== value),
  ) as ClientWrite;
}

/**
 * A lead's client section (POST or PATCH /inquiry) applied to an existing client, in the caller's transaction.
 * SPEC §6: changing a client's profile is CLIENT_PROFILE UPDATE in the client's office, which LEADS access
 * does not give. Every lead save sends the section back, so an unchanged one needs nothing and writes nothing.
 */
export async function updateClientFromLead(
  tx: Db,
  actor: Actor,
  before: ClientRow,
  input: ClientInput,
): Promise<ClientDetail> {
  const changes = changedFields(before, input);
  if (Object.keys(changes).length === 0) return toClientDetail(before);
  if (!allowsRecord(actor.permissions, 'CLIENT_PROFILE', 'UPDATE', { OFFICE: before.officeId })) {
    throw AppError.forbiddenBecause(CLIENT_MESSAGES.profileNotEditable);
  }
  return updateClientRecord(tx, actor, before, changes);
}

export async function createClient(db: Db, actor: Actor, input: CreateClient): Promise<ClientDetail> {
  const officeId = input.officeId === undefined ? actor.officeId : input.officeId;
  await checkOffice(db, actor, 'CREATE', officeId);
  return db.transaction((tx) => createClientRecord(tx, actor, input, officeId ?? null));
}

export async function updateClient(db: Db, actor: Actor, id: string, input: UpdateClient): Promise<ClientDetail> {
  await checkOffice(db, actor, 'UPDATE', input.officeId);
  return db.transaction(async (tx) =>
    updateClientRecord(tx, actor, await requireClient(tx, actor, id, 'CLIENT_PROFILE', 'UPDATE', true), input),
  );
}

/** GET /client: tombstones too, with mergedIntoId, so the UI can go to the survivor. */
export async function getClient(db: Db, actor: Actor, id: string): Promise<ClientDetail> {
  return toClientDetail(await requireClient(db, actor, id));
}

/**
 * SPEC §7 POST /client/search, limited to the offices of the caller's SEARCH_CLIENT READ.
 * A search without a keyword (absent, or empty once trimmed: the repository then lists every client in
 * scope) hands over the client list page by page, so it is audited like an export: who, which page and how
 * many rows. A keyword search is an ordinary lookup and is not audited, so the hottest route pays nothing.
 */
export async function searchClients(
  database: Pick<Database, 'db' | 'cursor'>,
  actor: Actor,
  request: ClientSearchRequest,
): Promise<ClientSearchResponse | StreamedList<ClientSummary>> {
  const { db } = database;
  const keyword = request.filter?.searchKeyword;
  const query = {
    keyword,
    scope: officeScope(actor, 'SEARCH_CLIENT', 'READ'),
    sortBy: request.sortBy,
    sortOrder: request.sortOrder,
  };
  const streamed = request.pageSize > STREAMED_LIST_MIN_ROWS;
  const found = streamed
    ? await streamClientsPage(database, query, request)
    : await searchClientsPage(db, query, request);
  if (!keyword?.trim()) {
    await recordAudit(db, {
      actorId: actor.userId,
      action: 'client.list',
      entity: 'client',
      ip: actor.ip,
      requestId: actor.requestId,
      detail: {
        pageNumber: request.pageNumber,
        pageSize: request.pageSize,
        sortBy: request.sortBy ?? null,
        sortOrder: request.sortOrder ?? null,
        // A streamed list is audited before it is sent: its length is its page size.
        rows: found instanceof StreamedList ? null : found.items.length,
      },
    });
  }
  if (found instanceof StreamedList) return found;
  // The page's numbers first: a literal that spreads and then adds properties is V8's slow path on Node 20.
  return { pageNumber: request.pageNumber, pageSize: request.pageSize, ...found };
}
