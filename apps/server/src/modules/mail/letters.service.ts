import { refuseUnfilledPlaceholders } from '../templates/templates.service.ts';
import { scopeAllows, scopeOf } from '@casedesk/contract/access/permissions';
import type {
  Letter,
  LetterBatchRequest,
  LetterBatchStatus,
  LetterListRequest,
  SaveLetterRequest,
} from '@casedesk/contract/mail/letter';
import { LETTER_MESSAGES, letterFileUrl } from '@casedesk/contract/mail/letter';
import { fillTemplate } from '@casedesk/contract/sms/template-fill';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Database, Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { FileStorage } from '../../platform/files/file-storage.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { renderLetterPdf } from './letter-pdf.ts';
import { dispatchLetterBatch } from './letter-batch.ts';
import type { LetterBatchRow, LetterRow } from './letters.repository.ts';
import {
  findBatch,
  findLetter,
  findLetterClients,
  findLetterPage,
  insertBatch,
  insertLetter,
  insertLetters,
} from './letters.repository.ts';
import type { MailLog, StoredHook } from './mail.service.ts';
import { mailScope, requireAddressees, requireSendingOffice } from './mail.service.ts';
import { putFiles, sha256Of } from './mail-files.ts';
import { letterDate, recipientOf } from './letter-content.ts';

export interface LetterDeps {
  db: Db;
  storage: FileStorage;
  jobs: Pick<Jobs, 'send'>;
  log: MailLog;
}

const clientNameScope = (actor: Actor) => scopeOf(actor.permissions, 'CLIENT_PROFILE', 'READ', 'OFFICE');

function letterOf(row: LetterRow): Letter {
  return {
    id: row.id,
    officeId: row.officeId,
    officeName: row.officeName,
    clientId: row.clientId,
    clientName: row.clientName,
    collectionAccountId: row.collectionAccountId,
    subject: row.subject,
    size: row.size ?? 0,
    pages: row.pages ?? 0,
    batchId: row.batchId,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    downloadUrl: letterFileUrl(row.id),
  };
}

/**
 * POST /mail/saveLetter: the letter printed on the office's letterhead to the client's address, its PDF put in
 * the file storage and the letter recorded on the client (or account), in that order; bytes whose row did not
 * commit are removed again. `onStored` runs in the letter's transaction (an approved draft records its letter).
 */
export async function saveLetter(
  deps: LetterDeps,
  actor: Actor,
  input: SaveLetterRequest,
  hook: StoredHook = {},
): Promise<Letter> {
  refuseUnfilledPlaceholders(input.subject, input.body);
  const office = await requireSendingOffice(deps.db, actor, input.officeId, LETTER_MESSAGES);
  const { client } = await requireAddressees(deps.db, actor, input, LETTER_MESSAGES);
  // The schema asks for a client or an account, and requireAddressees finds an account's client: never null here.
  const { pdf, pages } = await renderLetterPdf({
    office,
    date: letterDate(office.timeZone),
    recipient: recipientOf(client!),
    subject: input.subject,
    body: input.body,
  });
  const stored = await putFiles(deps.storage, [pdf]);
  const id = stored.ids[0]!;
  try {
    await deps.db.transaction(async (tx) => {
      await insertLetter(tx, {
        id,
        officeId: office.id,
        clientId: client!.id,
        collectionAccountId: input.collectionAccountId ?? null,
        subject: input.subject,
        body: input.body,
        status: 'STORED',
        size: pdf.length,
        sha256: sha256Of(pdf),
        pages,
        createdById: actor.userId,
        storedAt: new Date(),
      });
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'letter.save',
        entity: 'mail_letters',
        entityId: id,
        after: { officeId: office.id, clientId: client!.id, subject: input.subject, pages, size: pdf.length },
        ip: actor.ip,
        requestId: actor.requestId,
      });
      await hook.onStored?.(tx, id);
    });
  } catch (error) {
    await stored.remove();
    throw error;
  }
  return letterOf((await findLetter(deps.db, id, { mail: { kind: 'all' }, clientNames: clientNameScope(actor) }))!);
}

/** POST /mail/letter/all: stored letters of the caller's MAIL READ offices. */
export async function listLetters(database: Database, actor: Actor, request: LetterListRequest) {
  return findLetterPage(
    database,
    request,
    { mail: mailScope(actor, 'READ'), clientNames: clientNameScope(actor) },
    letterOf,
  );
}

/** GET /mail/letter/:id/file: the PDF of a letter of the caller's MAIL READ offices. */
export async function letterFile(
  db: Db,
  storage: FileStorage,
  actor: Actor,
  id: string,
): Promise<{ filename: string; data: Buffer }> {
  const row = await findLetter(db, id, { mail: mailScope(actor, 'READ'), clientNames: { kind: 'none' } });
  const data = row && (await storage.get(row.id));
  if (!row || !data) throw AppError.notFound('Letter');
  const day = row.createdAt.toISOString().slice(0, 10);
  return { filename: `letter-${day}-${row.id.slice(0, 8)}.pdf`, data };
}

function batchStatusOf(row: LetterBatchRow): LetterBatchStatus {
  return {
    id: row.id,
    officeId: row.officeId,
    subject: row.subject,
    state: row.state,
    total: row.total,
    done: row.done,
    requestedAt: row.requestedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    error: row.error,
  };
}

/**
 * POST /mail/letterBatch: one letter per client, each with the SPEC §3 placeholders of the body filled for its
 * client. Every client must be one the caller's CLIENT_PROFILE READ reaches, else nothing is made. The batch and
 * its letters (PENDING) are written in one transaction; the `mail.letterBatch` job prints them.
 */
export async function startLetterBatch(
  deps: LetterDeps,
  actor: Actor,
  input: LetterBatchRequest,
): Promise<LetterBatchStatus> {
  const office = await requireSendingOffice(deps.db, actor, input.officeId, LETTER_MESSAGES);
  const ids = [...new Set(input.clientIds)];
  const readable = scopeOf(actor.permissions, 'CLIENT_PROFILE', 'READ', 'OFFICE');
  const clients = (await findLetterClients(deps.db, ids)).filter((c) => scopeAllows(readable, c.officeId));
  if (clients.length < ids.length) {
    const message = LETTER_MESSAGES.batchClientsUnknown(ids.length - clients.length);
    throw new AppError('NOT_FOUND', message, { clientIds: message });
  }
  // Only the client's names are filled per letter: any other placeholder would print as written, so it is refused.
  const bodies = clients.map((client) =>
    fillTemplate(input.body, { clientFirstName: client.firstName, clientLastName: client.lastName }),
  );
  refuseUnfilledPlaceholders(...bodies);
  const batch = await deps.db.transaction(async (tx) => {
    const row = await insertBatch(tx, {
      officeId: office.id,
      subject: input.subject,
      body: input.body,
      total: clients.length,
      requestedById: actor.userId,
    });
    await insertLetters(
      tx,
      clients.map((client, index) => ({
        officeId: office.id,
        clientId: client.id,
        batchId: row.id,
        subject: input.subject,
        body: bodies[index]!,
        createdById: actor.userId,
      })),
    );
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'letter.batch',
      entity: 'mail_letter_batches',
      entityId: row.id,
      after: { officeId: office.id, subject: input.subject, letters: clients.length },
      ip: actor.ip,
      requestId: actor.requestId,
    });
    return row;
  });
  await dispatchLetterBatch(deps.jobs, batch.id, deps.log);
  return batchStatusOf(batch);
}

/** GET /mail/letterBatch/:batchId: the requester's own batch; anyone else's is not found. */
export async function letterBatchStatus(db: Db, actor: Actor, batchId: string): Promise<LetterBatchStatus> {
  const row = await findBatch(db, batchId, actor.userId);
  if (!row) throw AppError.notFound('Letter batch');
  return batchStatusOf(row);
}
