import { createHash } from 'node:crypto';
import type { DraftHashInput } from '@casedesk/contract/mail/draft';
import { draftHashText } from '@casedesk/contract/mail/draft';

/**
 * The SHA-256 an approval records and a send or print checks again: over the draft's kind, office, client,
 * account, recipients, subject and body and, by position, each attachment's name, type and the SHA-256 of its
 * bytes (draftHashText gives the exact text). The attachments' hashes are taken from the bytes each time, never
 * from the stored column, so a file changed in the storage is caught.
 */
export function draftContentHash(input: DraftHashInput): string {
  return createHash('sha256').update(draftHashText(input), 'utf8').digest('hex');
}
