import { refuseUnfilledPlaceholders } from '../templates/templates.service.ts';
import type { Draft } from '@casedesk/contract/mail/draft';
import { DRAFT_KIND_LABELS, DRAFT_MESSAGES } from '@casedesk/contract/mail/draft';
import type { MailAttachmentType } from '@casedesk/contract/mail/mail';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { FileStorage } from '../../platform/files/file-storage.ts';
import { recordAccountEvent } from '../collections/collection-contact.service.ts';
import type { DraftRecord } from './draft.repository.ts';
import { findDraftAttachments, lockDraft, markDraftApproved, markDraftCompleted } from './draft.repository.ts';
import { draftNotFound, draftView, requireDraft } from './draft.service.ts';
import { draftContentHash } from './draft-hash.ts';
import type { LetterDeps } from './letters.service.ts';
import { saveLetter } from './letters.service.ts';
import { sha256Of } from './mail-files.ts';
import type { MailDeps, UploadedAttachment } from './mail.service.ts';
import { sendMail } from './mail.service.ts';

/**
 * Four-eyes approval of a draft, and what an approved draft becomes: an e-mail through sendMail's queue, or a
 * letter through saveLetter's printing. Nothing here sends or prints by itself.
 */

/** The draft's content as it is now, its attachments' bytes read from the file storage, and its hash. */
async function currentContent(db: Db, storage: FileStorage, draft: DraftRecord) {
  const rows = await findDraftAttachments(db, draft.id);
  const files: UploadedAttachment[] = [];
  for (const row of rows) {
    const data = await storage.get(row.id);
    // A file gone from the storage is content changed: what was approved cannot go out.
    if (!data) throw AppError.conflict(DRAFT_MESSAGES.contentChanged);
    files.push({ filename: row.filename, contentType: row.contentType as MailAttachmentType, data });
  }
  const hash = draftContentHash({
    kind: draft.kind,
    officeId: draft.officeId,
    clientId: draft.clientId,
    collectionAccountId: draft.collectionAccountId,
    to: draft.toAddresses,
    subject: draft.subject,
    body: draft.body,
    attachments: files.map((f) => ({ filename: f.filename, contentType: f.contentType, sha256: sha256Of(f.data) })),
  });
  return { files, hash };
}

/**
 * POST /draft/approve: the caller's MAIL UPDATE must reach the draft's office (else 404), and the caller must
 * have written none of it (403: four-eyes; the database's check constraint holds it too). Records who, when and
 * the content's SHA-256, which freezes the draft; a draft about an account shows the approval on its timeline.
 */
export async function approveDraft(deps: { db: Db; storage: FileStorage }, actor: Actor, id: string): Promise<Draft> {
  await requireDraft(deps.db, actor, id, 'UPDATE');
  await deps.db.transaction(async (tx) => {
    // Locked, so no change slips in between the hash and the approval.
    const draft = await lockDraft(tx, id);
    if (!draft) throw draftNotFound();
    if (draft.status !== 'DRAFT') throw AppError.conflict(DRAFT_MESSAGES.alreadyApproved);
    if (draft.writerIds.includes(actor.userId)) throw AppError.forbiddenBecause(DRAFT_MESSAGES.ownDraft);
    // What is approved is what goes out: a placeholder nothing filled is refused now, not after approval.
    refuseUnfilledPlaceholders(draft.subject, draft.body);
    const { hash } = await currentContent(tx, deps.storage, draft);
    await markDraftApproved(tx, id, actor.userId, hash);
    if (draft.collectionAccountId) {
      await recordAccountEvent(tx, {
        accountId: draft.collectionAccountId,
        kind: 'DRAFT',
        title: `${DRAFT_KIND_LABELS[draft.kind]} approved: ${draft.subject}`,
        detail: draft.kind === 'EMAIL' ? `To ${draft.toAddresses.join(', ')}` : 'To the client’s address',
        byId: actor.userId,
        data: { draftId: id, contentHash: hash },
      });
    }
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'draft.approve',
      entity: 'mail_drafts',
      entityId: id,
      before: { status: 'DRAFT' },
      after: { status: 'APPROVED', contentHash: hash },
      ip: actor.ip,
      requestId: actor.requestId,
    });
  });
  return draftView(deps.db, actor, id, 'UPDATE');
}

/** An approved draft of this kind, not yet sent or printed, whose content is still what was approved. */
async function requireReadyToGo(db: Db, storage: FileStorage, actor: Actor, id: string, kind: DraftRecord['kind']) {
  const draft = await requireDraft(db, actor, id, 'CREATE');
  if (draft.kind !== kind) {
    throw new AppError('BUSINESS_RULE', kind === 'EMAIL' ? DRAFT_MESSAGES.notEmail : DRAFT_MESSAGES.notLetter);
  }
  if (draft.status === 'SENT') throw AppError.conflict(DRAFT_MESSAGES.alreadySent);
  if (draft.status === 'PRINTED') throw AppError.conflict(DRAFT_MESSAGES.alreadyPrinted);
  if (draft.status !== 'APPROVED') throw AppError.conflict(DRAFT_MESSAGES.notApproved);
  const content = await currentContent(db, storage, draft);
  if (content.hash !== draft.contentHash) throw AppError.conflict(DRAFT_MESSAGES.contentChanged);
  return { draft, ...content };
}

/** Marks the draft done in the transaction of what it made; a second send that raced this one undoes its own. */
function completing(actor: Actor, draft: DraftRecord, hash: string, outcome: 'SENT' | 'PRINTED') {
  return {
    onStored: async (tx: Db, madeId: string) => {
      const done = await markDraftCompleted(
        tx,
        draft.id,
        outcome === 'SENT' ? { status: 'SENT', mailId: madeId } : { status: 'PRINTED', letterId: madeId },
        actor.userId,
        hash,
      );
      if (!done) {
        throw AppError.conflict(outcome === 'SENT' ? DRAFT_MESSAGES.alreadySent : DRAFT_MESSAGES.alreadyPrinted);
      }
      await recordAudit(tx, {
        actorId: actor.userId,
        action: outcome === 'SENT' ? 'draft.send' : 'draft.print',
        entity: 'mail_drafts',
        entityId: draft.id,
        before: { status: 'APPROVED' },
        after: { status: outcome, [outcome === 'SENT' ? 'mailId' : 'letterId']: madeId, contentHash: hash },
        ip: actor.ip,
        requestId: actor.requestId,
      });
    },
  };
}

/**
 * POST /draft/send: an approved e-mail draft goes out as approved, with its frozen attachments, through
 * sendMail (the outbox and its `mail.send` job); its hash is checked again first (409 on a mismatch). The
 * e-mail names the draft's client and account, so it shows in the outbox and on the account's timeline.
 */
export async function sendDraft(deps: MailDeps, actor: Actor, id: string): Promise<Draft> {
  const { draft, files, hash } = await requireReadyToGo(deps.db, deps.storage, actor, id, 'EMAIL');
  await sendMail(
    deps,
    actor,
    {
      officeId: draft.officeId,
      to: draft.toAddresses,
      subject: draft.subject,
      body: draft.body,
      clientId: draft.clientId,
      collectionAccountId: draft.collectionAccountId,
    },
    files,
    completing(actor, draft, hash, 'SENT'),
  );
  return draftView(deps.db, actor, id, 'CREATE');
}

/**
 * POST /draft/print: an approved letter draft is printed as approved on the office's letterhead through
 * saveLetter and saved on the client (and account); its hash is checked again first (409 on a mismatch).
 */
export async function printDraft(deps: LetterDeps, actor: Actor, id: string): Promise<Draft> {
  const { draft, hash } = await requireReadyToGo(deps.db, deps.storage, actor, id, 'LETTER');
  await saveLetter(
    deps,
    actor,
    {
      officeId: draft.officeId,
      clientId: draft.clientId,
      collectionAccountId: draft.collectionAccountId,
      subject: draft.subject,
      body: draft.body,
    },
    completing(actor, draft, hash, 'PRINTED'),
  );
  return draftView(deps.db, actor, id, 'CREATE');
}
