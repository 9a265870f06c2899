import { refuseUnfilledPlaceholders } from '../templates/templates.service.ts';
import { findReachableAccount } from '../collections/collection-contact.service.ts';
import type { AccessType, Scope } from '@casedesk/contract/access/permissions';
import { scopeAllows, scopeOf } from '@casedesk/contract/access/permissions';
import type {
  MailAttachmentType,
  MailDetail,
  MailListRequest,
  MailSummary,
  SendMailRequest,
} from '@casedesk/contract/mail/mail';
import { capturedAttachmentUrl, MAIL_MESSAGES, mailAttachmentUrl, messageIdOf } from '@casedesk/contract/mail/mail';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Database, Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { FileStorage } from '../../platform/files/file-storage.ts';
import type { Jobs, SendOptions } from '../../platform/jobs/jobs.ts';
import { requireLiveClient } from '../clients/clients.service.ts';
import { findCapturedAttachment, findCapturedOf } from './mail-capture.repository.ts';
import { MAIL_SEND_QUEUE } from './mail-delivery.ts';
import { putFiles, sha256Of } from './mail-files.ts';
import type { MailSummaryRow, OfficeRef } from './mail.repository.ts';
import {
  findAttachment,
  findAttachmentsOf,
  findMail,
  findMailPage,
  findOffice,
  insertMail,
  requeueFailedMail,
} from './mail.repository.ts';

/** An attachment as it arrived and was checked (mail-multipart.ts): its name, the type its bytes are, the bytes. */
export interface UploadedAttachment {
  filename: string;
  contentType: MailAttachmentType;
  data: Buffer;
}

export interface MailLog {
  error: (details: object, message: string) => void;
}

/** What sending needs: the database, where attachment bytes go, the job queue and its retry policy. */
export interface MailDeps {
  db: Db;
  storage: FileStorage;
  jobs: Pick<Jobs, 'send'>;
  jobOptions: SendOptions;
  /** The domain of MAIL_FROM, which names the Message-IDs. */
  domain: string;
  log: MailLog;
}

/** Retries with exponential backoff: about delay, 2 × delay, 4 × delay… (pg-boss adds up to as much again). */
export function mailJobOptions(policy: { retryLimit: number; retryDelaySeconds: number }): SendOptions {
  return {
    retryLimit: policy.retryLimit,
    retryDelay: policy.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
  };
}

/** SPEC §6: the offices a MAIL access level reaches (the office an e-mail or letter is sent for). */
export function mailScope(actor: Actor, access: AccessType): Scope {
  return scopeOf(actor.permissions, 'MAIL', access, 'OFFICE');
}

const clientNameScope = (actor: Actor) => scopeOf(actor.permissions, 'CLIENT_PROFILE', 'READ', 'OFFICE');

function notFound(field: string, message: string): AppError {
  return new AppError('NOT_FOUND', message, { [field]: message });
}

/**
 * The office an e-mail or letter goes out for: one the caller's MAIL CREATE reaches, and active. One outside
 * the scope and one that does not exist are refused alike (403), as other writes refuse an office.
 */
export async function requireSendingOffice(
  db: Db,
  actor: Actor,
  officeId: string,
  messages: { officeOutOfScope: string } = MAIL_MESSAGES,
): Promise<OfficeRef> {
  const refused = new AppError('FORBIDDEN', messages.officeOutOfScope, { officeId: messages.officeOutOfScope });
  if (!scopeAllows(mailScope(actor, 'CREATE'), officeId)) throw refused;
  const office = await findOffice(db, officeId);
  if (!office) throw refused;
  if (office.status !== 'ACTIVE') {
    throw new AppError('BUSINESS_RULE', MAIL_MESSAGES.officeInactive, { officeId: MAIL_MESSAGES.officeInactive });
  }
  return office;
}

/**
 * The records an e-mail or letter is tied to must be ones the caller may read (SPEC §6): the client by
 * CLIENT_PROFILE READ in its office, the collection account by ALL_ACCOUNTS READ in its office (and of that client);
 * missing and unreachable read alike, as not found.
 */
export async function requireAddressees(
  db: Db,
  actor: Actor,
  ref: { clientId?: string | null; collectionAccountId?: string | null },
  messages: { clientUnknown: string; collectionAccountUnknown: string } = MAIL_MESSAGES,
) {
  const liveClient = (id: string, field: string, message: string) =>
    requireLiveClient(db, actor, id).catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'NOT_FOUND' ? notFound(field, message) : error;
    });
  let client = ref.clientId ? await liveClient(ref.clientId, 'clientId', messages.clientUnknown) : null;
  if (ref.collectionAccountId) {
    // The account must be one the caller's ALL_ACCOUNTS READ reaches, and the client's when both are named.
    const account = await findReachableAccount(db, actor, ref.collectionAccountId);
    if (!account || (client && account.clientId !== ref.clientId)) {
      throw notFound('collectionAccountId', messages.collectionAccountUnknown);
    }
    // Mail about an account is to the account's client: a letter needs their address.
    client ??= await liveClient(account.clientId, 'collectionAccountId', messages.collectionAccountUnknown);
  }
  return { client };
}

/** What another path that sends through sendMail does in its transaction (an approved draft records its e-mail). */
export interface StoredHook {
  onStored?: (tx: Db, id: string) => Promise<void>;
}

/**
 * POST /mail/sendMail: checks, writes the e-mail QUEUED with its attachments in one transaction (their bytes
 * in the file storage first, removed again if the rows do not commit), then queues the `mail.send` job.
 * `onStored` runs in that transaction with the new e-mail's id: what it throws undoes the e-mail.
 */
export async function sendMail(
  deps: MailDeps,
  actor: Actor,
  input: SendMailRequest,
  attachments: UploadedAttachment[],
  hook: StoredHook = {},
): Promise<MailDetail> {
  refuseUnfilledPlaceholders(input.subject, input.body);
  const office = await requireSendingOffice(deps.db, actor, input.officeId);
  const { client } = await requireAddressees(deps.db, actor, input);
  const stored = await putFiles(
    deps.storage,
    attachments.map((a) => a.data),
  );
  let mailId: string;
  try {
    mailId = await deps.db.transaction(async (tx) => {
      const row = await insertMail(
        tx,
        {
          officeId: office.id,
          toAddresses: input.to,
          subject: input.subject,
          body: input.body,
          clientId: client?.id ?? null,
          collectionAccountId: input.collectionAccountId ?? null,
          createdById: actor.userId,
        },
        attachments.map((attachment, position) => ({
          id: stored.ids[position]!,
          position,
          filename: attachment.filename,
          contentType: attachment.contentType,
          size: attachment.data.length,
          sha256: sha256Of(attachment.data),
        })),
      );
      // DESIGN §3 logs rule: the audit row names the e-mail and its recipients, not its text.
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'mail.send',
        entity: 'mail_outbox',
        entityId: row.id,
        after: {
          officeId: office.id,
          to: input.to,
          subject: input.subject,
          clientId: row.clientId,
          collectionAccountId: row.collectionAccountId,
          attachments: attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            size: a.data.length,
          })),
        },
        ip: actor.ip,
        requestId: actor.requestId,
        detail: { bodyLength: input.body.length },
      });
      await hook.onStored?.(tx, row.id);
      return row.id;
    });
  } catch (error) {
    await stored.remove();
    throw error;
  }
  await dispatchMail(deps.jobs, deps.jobOptions, mailId, deps.log);
  return mailDetail(deps.db, actor, mailId, 'CREATE', deps.domain);
}

/**
 * Queues the job of an e-mail already committed. On PGlite never inside a transaction (jobs.ts). A failure is
 * logged, not thrown: the e-mail is stored, and the stranded-mail sweep queues it within a minute or two.
 */
export async function dispatchMail(
  jobs: Pick<Jobs, 'send'>,
  options: SendOptions,
  mailId: string,
  log?: MailLog,
): Promise<void> {
  try {
    await jobs.send(MAIL_SEND_QUEUE, { mailId }, { ...options, id: mailId });
  } catch (error) {
    (log ?? console).error({ err: error, mailId }, 'queueing an e-mail failed; the stranded-mail sweep sends it');
  }
}

export interface OutgoingMail {
  toAddress: string;
  subject: string;
  body: string;
  /** The office it is sent for; null leaves it to callers with unconditioned MAIL READ. */
  officeId?: string | null;
  clientId?: string | null;
  collectionAccountId?: string | null;
  createdById?: string | null;
}

/**
 * An e-mail another module sends (the SMS chat options' review e-mail). Call inside the caller's transaction so
 * the e-mail and what caused it commit together, then `dispatchMail` after the commit; the same job sends it.
 */
export async function queueMail(db: Db, mail: OutgoingMail): Promise<{ id: string }> {
  const row = await insertMail(db, {
    officeId: mail.officeId ?? null,
    toAddresses: [mail.toAddress],
    subject: mail.subject,
    body: mail.body,
    clientId: mail.clientId ?? null,
    collectionAccountId: mail.collectionAccountId ?? null,
    createdById: mail.createdById ?? null,
  });
  return { id: row.id };
}

function summaryOf(row: MailSummaryRow, domain: string): MailSummary {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    messageId: messageIdOf(row.id, domain),
  };
}

/** POST /mail/all: the outbox within the caller's MAIL READ offices. */
export async function listMail(database: Database, actor: Actor, request: MailListRequest, domain: string) {
  return findMailPage(
    database,
    request,
    { mail: mailScope(actor, 'READ'), clientNames: clientNameScope(actor) },
    (row) => summaryOf(row, domain),
  );
}

async function mailDetail(db: Db, actor: Actor, id: string, access: AccessType, domain: string): Promise<MailDetail> {
  const row = await findMail(db, id, { mail: mailScope(actor, access), clientNames: clientNameScope(actor) });
  if (!row) throw AppError.notFound('E-mail');
  const [attachments, captured] = await Promise.all([findAttachmentsOf(db, id), findCapturedOf(db, id)]);
  return {
    ...summaryOf(row, domain),
    body: row.body,
    attachments: attachments.map((a) => ({
      id: a.id,
      filename: a.filename,
      contentType: a.contentType,
      size: a.size,
      downloadUrl: mailAttachmentUrl(id, a.id),
    })),
    captured: captured.map(({ message, attachments: files }) => ({
      id: message.id,
      receivedAt: message.receivedAt.toISOString(),
      envelopeFrom: message.envelopeFrom,
      envelopeTo: message.envelopeTo,
      from: message.fromHeader,
      to: message.toHeader,
      subject: message.subject,
      text: message.text,
      headers: message.headers.map(([name, value]) => ({ name, value })),
      size: message.size,
      attachments: files.map((f) => ({
        id: f.id,
        filename: f.filename ?? `attachment-${f.position + 1}`,
        contentType: f.contentType,
        size: f.size,
        downloadUrl: capturedAttachmentUrl(id, f.id),
      })),
    })),
  };
}

/** GET /mail/:id: one e-mail of the caller's MAIL READ offices, with its attachments and what was captured of it. */
export async function getMail(db: Db, actor: Actor, id: string, domain: string): Promise<MailDetail> {
  return mailDetail(db, actor, id, 'READ', domain);
}

export interface MailFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** An attachment of an e-mail the caller may read; any other reads as not found. */
export async function mailAttachmentFile(
  db: Db,
  storage: FileStorage,
  actor: Actor,
  mailId: string,
  attachmentId: string,
): Promise<MailFile> {
  await mailDetailRef(db, actor, mailId);
  const attachment = await findAttachment(db, mailId, attachmentId);
  const data = attachment && (await storage.get(attachment.id));
  if (!attachment || !data) throw AppError.notFound('Attachment');
  return { filename: attachment.filename, contentType: attachment.contentType, data };
}

/** An attachment as the embedded SMTP server received it, of an e-mail the caller may read. */
export async function capturedAttachmentFile(
  db: Db,
  actor: Actor,
  mailId: string,
  attachmentId: string,
): Promise<MailFile> {
  await mailDetailRef(db, actor, mailId);
  const attachment = await findCapturedAttachment(db, mailId, attachmentId);
  if (!attachment) throw AppError.notFound('Attachment');
  return {
    filename: attachment.filename ?? 'attachment',
    contentType: attachment.contentType,
    data: attachment.content,
  };
}

async function mailDetailRef(db: Db, actor: Actor, mailId: string): Promise<void> {
  const row = await findMail(db, mailId, { mail: mailScope(actor, 'READ'), clientNames: { kind: 'none' } });
  if (!row) throw AppError.notFound('E-mail');
}

/** POST /mail/:id/retry: a FAILED e-mail of an office the caller's MAIL UPDATE reaches goes back to the queue. */
export async function retryMail(deps: MailDeps, actor: Actor, id: string): Promise<MailDetail> {
  const row = await findMail(deps.db, id, { mail: mailScope(actor, 'UPDATE'), clientNames: { kind: 'none' } });
  if (!row) throw AppError.notFound('E-mail');
  const requeued = await deps.db.transaction(async (tx) => {
    const updated = await requeueFailedMail(tx, id);
    if (!updated) return undefined;
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'mail.retry',
      entity: 'mail_outbox',
      entityId: id,
      before: { status: 'FAILED', attempts: updated.attempts, lastError: updated.lastError },
      after: { status: 'QUEUED' },
      ip: actor.ip,
      requestId: actor.requestId,
    });
    return updated;
  });
  if (!requeued) throw new AppError('CONFLICT', MAIL_MESSAGES.notRetryable);
  // A new job: the earlier one of this id has failed for good, so a job id of its own.
  await dispatchRetry(deps, id);
  return mailDetail(deps.db, actor, id, 'UPDATE', deps.domain);
}

async function dispatchRetry(deps: MailDeps, mailId: string): Promise<void> {
  try {
    await deps.jobs.send(MAIL_SEND_QUEUE, { mailId }, deps.jobOptions);
  } catch (error) {
    deps.log.error({ err: error, mailId }, 'queueing an e-mail failed; the stranded-mail sweep sends it');
  }
}
