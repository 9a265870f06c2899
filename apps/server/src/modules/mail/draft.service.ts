import type { AccessType } from '@casedesk/contract/access/permissions';
import { scopeAllows, scopeOf } from '@casedesk/contract/access/permissions';
import type { Draft, DraftListRequest, DraftSummary, DraftWrite } from '@casedesk/contract/mail/draft';
import { DRAFT_MESSAGES, draftAttachmentUrl } from '@casedesk/contract/mail/draft';
import { letterFileUrl } from '@casedesk/contract/mail/letter';
import { MAIL_ATTACHMENTS_MAX_BYTES, MAIL_ATTACHMENTS_MAX_COUNT, MAIL_MESSAGES } from '@casedesk/contract/mail/mail';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Database, Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { FileStorage } from '../../platform/files/file-storage.ts';
import type { DraftAttachmentRow, DraftRecord, DraftSummaryRow, NewDraftAttachment } from './draft.repository.ts';
import {
  deleteUnapprovedDraft,
  findDraft,
  findDraftAttachment,
  findDraftAttachments,
  findDraftPage,
  findDraftRecord,
  insertDraft,
  replaceDraftAttachments,
  updateDraftContent,
} from './draft.repository.ts';
import { draftBodyFromTemplate } from './draft-template.ts';
import { putFiles, sha256Of } from './mail-files.ts';
import type { MailFile, UploadedAttachment } from './mail.service.ts';
import { mailScope, requireAddressees, requireSendingOffice } from './mail.service.ts';

/**
 * Drafts of letters and e-mails (docs/correspondence-drafts.md): writing, reading and discarding them. Approval,
 * sending and printing are in draft-approval.service.ts. Permissions (SPEC §6, the MAIL permission's office
 * condition): MAIL READ reads, MAIL CREATE writes and discards (as it sends mail), MAIL UPDATE approves.
 */

export interface DraftDeps {
  db: Db;
  storage: FileStorage;
}

const clientNameScope = (actor: Actor) => scopeOf(actor.permissions, 'CLIENT_PROFILE', 'READ', 'OFFICE');

export const draftNotFound = () => new AppError('NOT_FOUND', DRAFT_MESSAGES.notFound);

/** The draft as stored, when its office is within the caller's MAIL `access`; else not found, as for none. */
export async function requireDraft(db: Db, actor: Actor, id: string, access: AccessType): Promise<DraftRecord> {
  const row = await findDraftRecord(db, id);
  if (!row || !scopeAllows(mailScope(actor, access), row.officeId)) throw draftNotFound();
  return row;
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

function summaryOf(row: DraftSummaryRow): DraftSummary {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    approvedAt: iso(row.approvedAt),
    completedAt: iso(row.completedAt),
  };
}

function attachmentOf(draftId: string, a: DraftAttachmentRow) {
  return {
    id: a.id,
    filename: a.filename,
    contentType: a.contentType,
    size: a.size,
    sha256: a.sha256,
    downloadUrl: draftAttachmentUrl(draftId, a.id),
  };
}

/** The draft as the API shows it, read within the caller's MAIL `access` offices. */
export async function draftView(db: Db, actor: Actor, id: string, access: AccessType = 'READ'): Promise<Draft> {
  const row = await findDraft(db, id, { mail: mailScope(actor, access), clientNames: clientNameScope(actor) });
  if (!row) throw draftNotFound();
  const attachments = await findDraftAttachments(db, id);
  return {
    ...summaryOf(row),
    body: row.body,
    attachments: attachments.map((a) => attachmentOf(id, a)),
    letterUrl: row.letterId ? letterFileUrl(row.letterId) : null,
  };
}

/** GET /draft?id=: a draft of the caller's MAIL READ offices. */
export async function getDraft(db: Db, actor: Actor, id: string): Promise<Draft> {
  return draftView(db, actor, id, 'READ');
}

/** POST /draft/all: the drafts of the caller's MAIL READ offices. */
export async function listDrafts(database: Database, actor: Actor, request: DraftListRequest) {
  return findDraftPage(
    database,
    request,
    { mail: mailScope(actor, 'READ'), clientNames: clientNameScope(actor) },
    summaryOf,
  );
}

const refuseAttachments = (message: string, field = 'attachments') =>
  AppError.validation(message, { [field]: message });

/** The attachments the draft keeps: by default all it has; `keepAttachmentIds` must name only its own. */
function keptAttachments(existing: DraftAttachmentRow[], keepIds: readonly string[] | null | undefined) {
  if (keepIds == null) return existing;
  const byId = new Map(existing.map((a) => [a.id, a]));
  if (keepIds.some((id) => !byId.has(id)))
    throw refuseAttachments(DRAFT_MESSAGES.attachmentUnknown, 'keepAttachmentIds');
  return [...new Set(keepIds)].map((id) => byId.get(id)!);
}

/** The limits of sendMail hold for a draft's files together; a letter prints its text only. */
function checkAttachments(input: DraftWrite, kept: DraftAttachmentRow[], uploads: UploadedAttachment[]): void {
  const count = kept.length + uploads.length;
  if (input.kind === 'LETTER' && count > 0) throw refuseAttachments(DRAFT_MESSAGES.letterAttachments);
  if (count > MAIL_ATTACHMENTS_MAX_COUNT) throw refuseAttachments(DRAFT_MESSAGES.attachmentsTooMany);
  const bytes = kept.reduce((n, a) => n + a.size, 0) + uploads.reduce((n, a) => n + a.data.length, 0);
  if (bytes > MAIL_ATTACHMENTS_MAX_BYTES) throw refuseAttachments(MAIL_MESSAGES.attachmentsTooLarge);
}

/**
 * PUT /draft: without `id` a new draft; with `id` that draft's content replaced, while it is not approved (409
 * after). The office must be one the caller's MAIL CREATE reaches (403), the client and account ones the caller
 * may read (404). The files sent are stored first and removed again if the rows do not commit; files an update
 * drops are removed after it commits.
 */
export async function saveDraft(
  deps: DraftDeps,
  actor: Actor,
  input: DraftWrite,
  uploads: UploadedAttachment[],
): Promise<Draft> {
  const existing = input.id ? await requireDraft(deps.db, actor, input.id, 'CREATE') : undefined;
  if (existing && existing.status !== 'DRAFT') throw AppError.conflict(DRAFT_MESSAGES.approvedFrozen);
  const office = await requireSendingOffice(deps.db, actor, input.officeId, DRAFT_MESSAGES);
  const { client } = await requireAddressees(deps.db, actor, input, DRAFT_MESSAGES);
  const before = existing ? await findDraftAttachments(deps.db, existing.id) : [];
  if (!existing && input.keepAttachmentIds?.length) {
    throw refuseAttachments(DRAFT_MESSAGES.attachmentUnknown, 'keepAttachmentIds');
  }
  const kept = keptAttachments(before, input.keepAttachmentIds);
  checkAttachments(input, kept, uploads);
  const collectionAccountId = input.collectionAccountId ?? null;
  const fromTemplate = input.templateId
    ? await draftBodyFromTemplate(deps.db, actor, input.templateId, input.kind, { client, collectionAccountId })
    : undefined;
  const body = input.body?.trim() ? input.body : fromTemplate!;
  const content = {
    kind: input.kind,
    officeId: office.id,
    clientId: client?.id ?? null,
    collectionAccountId,
    templateId: input.templateId ?? null,
    toAddresses: input.kind === 'EMAIL' ? (input.to ?? []) : [],
    subject: input.subject,
    body,
  };
  const stored = await putFiles(
    deps.storage,
    uploads.map((u) => u.data),
  );
  const attachments: NewDraftAttachment[] = [
    ...kept.map(({ id, filename, contentType, size, sha256 }) => ({ id, filename, contentType, size, sha256 })),
    ...uploads.map((u, i) => ({
      id: stored.ids[i]!,
      filename: u.filename,
      contentType: u.contentType,
      size: u.data.length,
      sha256: sha256Of(u.data),
    })),
  ].map((a, position) => ({ ...a, position }));
  let id: string;
  try {
    id = await deps.db.transaction(async (tx) => {
      const row = existing
        ? await updateDraftContent(tx, existing.id, content, actor.userId)
        : await insertDraft(tx, { ...content, createdById: actor.userId, writerIds: [actor.userId] });
      // Approved between the check above and now: the update found no DRAFT to change.
      if (!row) throw AppError.conflict(DRAFT_MESSAGES.approvedFrozen);
      // The update holds the row now: files another writer changed since `before` was read would be lost.
      if (existing && !sameIds(await findDraftAttachments(tx, row.id), before)) {
        throw AppError.conflict(DRAFT_MESSAGES.changedMeanwhile);
      }
      await replaceDraftAttachments(tx, row.id, attachments);
      await recordAudit(tx, {
        actorId: actor.userId,
        action: existing ? 'draft.update' : 'draft.create',
        entity: 'mail_drafts',
        entityId: row.id,
        before: existing
          ? { subject: existing.subject, to: existing.toAddresses, attachments: before.length }
          : undefined,
        after: {
          kind: content.kind,
          officeId: content.officeId,
          clientId: content.clientId,
          collectionAccountId: content.collectionAccountId,
          templateId: content.templateId,
          to: content.toAddresses,
          subject: content.subject,
          attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.size })),
        },
        ip: actor.ip,
        requestId: actor.requestId,
        // DESIGN §3 logs rule: the text itself stays out of the audit row.
        detail: { bodyLength: body.length },
      });
      return row.id;
    });
  } catch (error) {
    await stored.remove();
    throw error;
  }
  const keptIds = new Set(kept.map((a) => a.id));
  await removeFiles(
    deps.storage,
    before.filter((a) => !keptIds.has(a.id)),
  );
  return draftView(deps.db, actor, id, 'CREATE');
}

const sameIds = (a: { id: string }[], b: { id: string }[]) =>
  a.length === b.length && a.every((row, i) => row.id === b[i]!.id);

async function removeFiles(storage: FileStorage, rows: { id: string }[]): Promise<void> {
  await Promise.all(rows.map((a) => storage.delete(a.id).catch(() => undefined)));
}

/**
 * DELETE /draft?id=: discards a draft not yet approved, with its files (a draft is not money: nothing of it need
 * stay). An approved one is kept with its approval (409).
 */
export async function deleteDraft(deps: DraftDeps, actor: Actor, id: string): Promise<Draft> {
  const existing = await requireDraft(deps.db, actor, id, 'CREATE');
  if (existing.status !== 'DRAFT') throw AppError.conflict(DRAFT_MESSAGES.approvedKept);
  const shown = await draftView(deps.db, actor, id, 'CREATE');
  const attachments = await findDraftAttachments(deps.db, id);
  await deps.db.transaction(async (tx) => {
    if (!(await deleteUnapprovedDraft(tx, id))) throw AppError.conflict(DRAFT_MESSAGES.approvedKept);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'draft.delete',
      entity: 'mail_drafts',
      entityId: id,
      before: {
        kind: existing.kind,
        officeId: existing.officeId,
        subject: existing.subject,
        attachments: attachments.length,
      },
      ip: actor.ip,
      requestId: actor.requestId,
    });
  });
  await removeFiles(deps.storage, attachments);
  return shown;
}

/** GET /draft/:id/attachment/:attachmentId: a file of a draft the caller may read; any other is not found. */
export async function draftAttachmentFile(
  deps: DraftDeps,
  actor: Actor,
  draftId: string,
  attachmentId: string,
): Promise<MailFile> {
  await requireDraft(deps.db, actor, draftId, 'READ');
  const attachment = await findDraftAttachment(deps.db, draftId, attachmentId);
  const data = attachment && (await deps.storage.get(attachment.id));
  if (!attachment || !data) throw new AppError('NOT_FOUND', DRAFT_MESSAGES.attachmentNotFound);
  return { filename: attachment.filename, contentType: attachment.contentType, data };
}

/**
 * A letter another module prepares for a person to approve (a collections workflow step): stored as a draft in
 * the caller's transaction, written as `writerId`, who may then not approve it (four-eyes).
 */
export async function draftLetterForApproval(
  tx: Db,
  letter: {
    officeId: string;
    clientId: string;
    collectionAccountId: string;
    templateId: string | null;
    subject: string;
    body: string;
    writerId: string;
  },
): Promise<{ id: string }> {
  const row = await insertDraft(tx, {
    kind: 'LETTER',
    officeId: letter.officeId,
    clientId: letter.clientId,
    collectionAccountId: letter.collectionAccountId,
    templateId: letter.templateId,
    subject: letter.subject,
    body: letter.body,
    createdById: letter.writerId,
    writerIds: [letter.writerId],
  });
  return { id: row.id };
}
