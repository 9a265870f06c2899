import type { MailAttachmentType } from '@casedesk/contract/mail/mail';
import { MAIL_ATTACHMENT_TYPE_LABELS, MAIL_ATTACHMENT_TYPES } from '@casedesk/contract/mail/mail';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** A Word document is a ZIP whose parts include [Content_Types].xml and word/document.xml (ECMA-376 Part 2). */
function isDocx(data: Buffer): boolean {
  if (data.length < 30 || !data.subarray(0, 4).equals(ZIP_LOCAL_HEADER)) return false;
  // The names of a ZIP's entries are stored uncompressed in its local headers and central directory.
  return data.includes('[Content_Types].xml', 0, 'latin1') && data.includes('word/document.xml', 0, 'latin1');
}

/** Plain text: valid UTF-8 with no control characters but tab, line feed, form feed and carriage return. */
function isPlainText(data: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- exactly the control characters a text file must not hold
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

/**
 * The type the bytes themselves say (DESIGN §7 uploads: judged by content, not by the name or the type the
 * browser guessed), or undefined when they are none of the accepted ones.
 */
export function sniffAttachmentType(data: Buffer): MailAttachmentType | undefined {
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG)) return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (isDocx(data)) return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  if (isPlainText(data)) return 'text/plain';
  return undefined;
}

/** The declared type when it is one we accept (a browser may send application/octet-stream or nothing). */
export function acceptedDeclaredType(mimetype: string | undefined): MailAttachmentType | undefined {
  const type = mimetype?.split(';')[0]?.trim().toLowerCase();
  return MAIL_ATTACHMENT_TYPES.find((accepted) => accepted === type);
}

export const attachmentTypeLabel = (type: MailAttachmentType) => MAIL_ATTACHMENT_TYPE_LABELS[type];
