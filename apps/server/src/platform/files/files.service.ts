import { createHash } from 'node:crypto';
import type { PhotoContentType, StoredFile } from '@casedesk/contract/users/user-photo';
import {
  fileUrlOf,
  MAX_PHOTO_BYTES,
  PHOTO_CONTENT_TYPES,
  PHOTO_MESSAGES,
  UPLOAD_URL_TTL_SECONDS,
} from '@casedesk/contract/users/user-photo';
import type { Actor } from '../auth/actor.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors/app-error.ts';
import type { FileStorage } from './file-storage.ts';
import type { FileRow } from './files.repository.ts';
import { findFileById, insertPendingFile, markFileStored } from './files.repository.ts';
import type { FilePurpose } from './files.tables.ts';
import { sniffImageType } from './image-types.ts';
import { stripImageMetadata } from './strip-image-metadata.ts';
import type { UploadSigner } from './upload-signer.ts';

/** The file provider of one app: where bytes go and how upload links are signed. */
export interface Files {
  storage: FileStorage;
  signer: UploadSigner;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The signed PUT location of a pending file; relative, so the SPA sends it to the origin it came from. */
function uploadUrlOf(files: Files, id: string, expires: number): string {
  return `${fileUrlOf(id)}?expires=${expires}&signature=${files.signer.sign(id, expires)}`;
}

/** Hands out a short-lived upload location for a new file of `ownerUserId`; the caller has checked who may. */
export async function requestUpload(
  db: Db,
  files: Files,
  actor: Actor,
  request: { ownerUserId: string; purpose: FilePurpose; filename: string },
): Promise<{ id: string; url: string }> {
  const expires = nowSeconds() + UPLOAD_URL_TTL_SECONDS;
  const row = await db.transaction(async (tx) => {
    const created = await insertPendingFile(tx, {
      ...request,
      requestedBy: actor.userId,
      uploadExpiresAt: new Date(expires * 1000),
    });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'file.upload_requested',
      entity: 'file',
      entityId: created.id,
      after: { ownerUserId: request.ownerUserId, purpose: request.purpose, filename: request.filename },
      ip: actor.ip,
      requestId: actor.requestId,
    });
    return created;
  });
  return { id: row.id, url: uploadUrlOf(files, row.id, expires) };
}

/** The link itself: signed by us and not expired. Checked before the body is read. */
export function checkUploadLink(files: Files, id: string, expires: number, signature: string): void {
  if (!files.signer.verify(id, expires, signature)) throw AppError.forbiddenBecause(PHOTO_MESSAGES.invalidLink);
  if (expires <= nowSeconds()) throw AppError.forbiddenBecause(PHOTO_MESSAGES.expiredLink);
}

/** The media type of a Content-Type header without its parameters, when it is one a photo may have. */
export function photoContentType(header: string | undefined): PhotoContentType | undefined {
  const mediaType = header?.split(';')[0]?.trim().toLowerCase();
  return PHOTO_CONTENT_TYPES.find((type) => type === mediaType);
}

export interface UploadedBytes {
  id: string;
  expires: number;
  signature: string;
  contentTypeHeader: string | undefined;
  body: unknown;
  ip: string;
  requestId: string;
}

/**
 * PUT to a signed link: the declared type must be an accepted image type, the bytes must be that type
 * (magic numbers) and at most 2 MB (DESIGN §7); each link stores one file, once. What is stored is the
 * image without its metadata (Exif with GPS position, XMP, IPTC, comments); size and digest are of that.
 */
export async function storeUpload(db: Db, files: Files, upload: UploadedBytes): Promise<StoredFile> {
  checkUploadLink(files, upload.id, upload.expires, upload.signature);
  const contentType = photoContentType(upload.contentTypeHeader);
  if (!contentType || !Buffer.isBuffer(upload.body)) throw AppError.unsupportedMediaType(PHOTO_MESSAGES.contentType);
  const uploaded = upload.body;
  if (uploaded.length === 0) throw AppError.validation(PHOTO_MESSAGES.empty);
  if (uploaded.length > MAX_PHOTO_BYTES) throw AppError.payloadTooLarge(PHOTO_MESSAGES.tooLarge);
  if (sniffImageType(uploaded) !== contentType) throw AppError.validation(PHOTO_MESSAGES.contentMismatch);
  // A file whose segments or chunks cannot be walked cannot be cleaned, so it is not a photo we store.
  const data = stripImageMetadata(contentType, uploaded);
  if (!data) throw AppError.validation(PHOTO_MESSAGES.contentMismatch);

  const sha256 = createHash('sha256').update(data).digest('hex');
  let written = false;
  try {
    const row = await db.transaction(async (tx) => {
      const stored = await markFileStored(tx, upload.id, { contentType, size: data.length, sha256 }, new Date());
      if (!stored) throw await whyNotStorable(tx, upload.id);
      await files.storage.put(stored.id, data);
      written = true;
      await recordAudit(tx, {
        actorId: stored.requestedBy,
        action: 'file.upload',
        entity: 'file',
        entityId: stored.id,
        after: { ownerUserId: stored.ownerUserId, purpose: stored.purpose, contentType, size: data.length, sha256 },
        ip: upload.ip,
        requestId: upload.requestId,
      });
      return stored;
    });
    return { id: row.id, url: fileUrlOf(row.id), contentType, size: data.length, sha256 };
  } catch (error) {
    // The record rolled back: leave no bytes without one.
    if (written) await files.storage.delete(upload.id).catch(() => undefined);
    throw error;
  }
}

async function whyNotStorable(db: Db, id: string): Promise<AppError> {
  const row = await findFileById(db, id);
  if (!row) return AppError.notFound('File');
  if (row.status === 'STORED') return AppError.conflict(PHOTO_MESSAGES.usedLink);
  return AppError.forbiddenBecause(PHOTO_MESSAGES.expiredLink);
}

/** A stored file's bytes. Profile photos are readable by every signed-in user (the directory and the shell show them). */
export async function readFile(
  db: Db,
  files: Files,
  _actor: Actor,
  id: string,
): Promise<{ contentType: PhotoContentType; data: Buffer; sha256: string }> {
  const row = await findFileById(db, id);
  if (!row || row.status !== 'STORED' || !row.contentType || !row.sha256) throw AppError.notFound('File');
  // Only photos exist so far; another purpose (attachments) brings its own record-level check here.
  if (row.purpose !== 'USER_PHOTO') throw AppError.notFound('File');
  const data = await files.storage.get(row.id);
  if (!data) throw AppError.notFound('File');
  return { contentType: row.contentType, data, sha256: row.sha256 };
}

/** True when `id` is a stored photo of `ownerUserId`, so a profile may point at it. */
export async function isStoredPhotoOf(db: Db, id: string, ownerUserId: string): Promise<boolean> {
  const row: FileRow | undefined = await findFileById(db, id);
  return row?.status === 'STORED' && row.purpose === 'USER_PHOTO' && row.ownerUserId === ownerUserId;
}
