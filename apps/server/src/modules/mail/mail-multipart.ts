import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import {
  MAIL_ATTACHMENT_NAME_MAX_LENGTH,
  MAIL_ATTACHMENTS_MAX_BYTES,
  MAIL_ATTACHMENTS_MAX_COUNT,
  MAIL_MESSAGES,
} from '@casedesk/contract/mail/mail';
import type { FastifyRequest } from 'fastify';
import { containsNul } from '../../platform/errors/error-handler.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { acceptedDeclaredType, attachmentTypeLabel, sniffAttachmentType } from './attachment-types.ts';
import type { UploadedAttachment } from './mail.service.ts';

/**
 * SPEC §7 mail/sendMail is "a request object plus attachments": a multipart/form-data body with a `request` part
 * (the e-mail as JSON) and file parts named `attachments`. Files are read as they stream in and refused with a
 * 400 the moment they pass 10 MB together, so an oversized upload is never held; each is judged by its bytes.
 */

export const REQUEST_PART = 'request';
export const ATTACHMENTS_PART = 'attachments';

const refuse = (message: string) => AppError.validation(message, { attachments: message });

/** The JSON part's name and the words for a body that lacks it, spoils it or carries other parts. */
export interface JsonPartNames {
  part: string;
  partMissing: string;
  partInvalid: string;
  unexpectedPart: string;
}

const REQUEST_NAMES: JsonPartNames = {
  part: REQUEST_PART,
  partMissing: MAIL_MESSAGES.requestPartMissing,
  partInvalid: MAIL_MESSAGES.requestPartInvalid,
  unexpectedPart: MAIL_MESSAGES.unexpectedPart,
};

/** busboy's limits: one more than allowed of each, so passing a limit is seen (and answered in our words). */
export const MULTIPART_LIMITS = {
  fileSize: MAIL_ATTACHMENTS_MAX_BYTES + 1,
  files: MAIL_ATTACHMENTS_MAX_COUNT + 1,
  fields: 2,
  fieldSize: 1024 * 1024,
  parts: MAIL_ATTACHMENTS_MAX_COUNT + 3,
};

/** The name a file is stored and sent with: its last path segment, without control characters. */
function cleanName(filename: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- control characters have no place in a file name or a header
  const base = path.basename((filename ?? '').replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f"]/g, '');
  if (base.trim() === '' || base.length > MAIL_ATTACHMENT_NAME_MAX_LENGTH) throw refuse(MAIL_MESSAGES.attachmentName);
  return base.trim();
}

async function readAttachment(part: MultipartFile, total: { bytes: number }): Promise<UploadedAttachment> {
  const filename = cleanName(part.filename);
  const chunks: Buffer[] = [];
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    total.bytes += chunk.length;
    if (total.bytes > MAIL_ATTACHMENTS_MAX_BYTES) throw refuse(MAIL_MESSAGES.attachmentsTooLarge);
    chunks.push(chunk);
  }
  const data = Buffer.concat(chunks);
  if (data.length === 0) throw refuse(MAIL_MESSAGES.attachmentEmpty(filename));
  const actual = sniffAttachmentType(data);
  if (!actual) throw refuse(MAIL_MESSAGES.attachmentType(filename));
  // A declared type we accept must be what the bytes are; octet-stream or none leaves it to the bytes.
  const declared = acceptedDeclaredType(part.mimetype);
  if (declared && declared !== actual)
    throw refuse(MAIL_MESSAGES.attachmentMismatch(filename, attachmentTypeLabel(actual)));
  return { filename, contentType: actual, data };
}

/** busboy's and @fastify/multipart's own refusals, in our words (they would answer 413 or 406 otherwise). */
function translated(error: unknown, names: JsonPartNames): unknown {
  switch ((error as { code?: unknown })?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return refuse(MAIL_MESSAGES.attachmentsTooLarge);
    case 'FST_FILES_LIMIT':
      return refuse(MAIL_MESSAGES.attachmentsTooMany);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return AppError.validation(names.unexpectedPart);
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return AppError.validation(names.partInvalid, { [names.part]: names.partInvalid });
    case 'FST_MP_PREMATURE_CLOSE':
      return AppError.validation('The upload ended before it was complete.');
    default:
      // Anything else busboy throws is a body that is not the multipart it claims to be (no boundary, a
      // malformed part header, an early end): the client's to fix.
      return error instanceof AppError ? error : AppError.validation(MAIL_MESSAGES.multipartMalformed);
  }
}

/**
 * Reads the multipart body: the `request` part (or the part `names` gives, a draft's `draft`) becomes the body
 * the route's schema validates.
 */
export async function readMailMultipart(
  request: FastifyRequest,
  names: JsonPartNames = REQUEST_NAMES,
): Promise<{ body: unknown; attachments: UploadedAttachment[] }> {
  let body: unknown;
  let sawRequest = false;
  const attachments: UploadedAttachment[] = [];
  const total = { bytes: 0 };
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'field') {
        if (part.fieldname !== names.part || sawRequest) throw AppError.validation(names.unexpectedPart);
        sawRequest = true;
        body = typeof part.value === 'string' ? parseJson(part.value, names) : part.value;
        continue;
      }
      if (part.fieldname !== ATTACHMENTS_PART) throw AppError.validation(names.unexpectedPart);
      if (attachments.length >= MAIL_ATTACHMENTS_MAX_COUNT) throw refuse(MAIL_MESSAGES.attachmentsTooMany);
      attachments.push(await readAttachment(part, total));
    }
  } catch (error) {
    throw translated(error, names);
  }
  if (!sawRequest) {
    throw AppError.validation(names.partMissing, { [names.part]: names.partMissing });
  }
  // PostgreSQL text cannot hold NUL; the JSON body is checked for it by the app, this one here.
  if (containsNul(body)) throw AppError.validation('Text must not contain NUL characters.');
  return { body, attachments };
}

function parseJson(text: string, names: JsonPartNames): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw AppError.validation(names.partInvalid, { [names.part]: names.partInvalid });
  }
}
