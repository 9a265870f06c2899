import type { Db } from '../../platform/db/database.ts';
import type { ReceivedMessage } from './embedded-smtp-server.ts';
import { insertCapturedMessage } from './mail-capture.repository.ts';

const OUR_MESSAGE_ID = /^<([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@[^>]+>$/i;

/** The outbox row a Message-ID names, when it is one of ours (`<outbox id@domain>`). */
export function mailIdOfMessageId(messageId: string | undefined): string | null {
  return messageId ? (OUR_MESSAGE_ID.exec(messageId.trim())?.[1]?.toLowerCase() ?? null) : null;
}

/** PostgreSQL text cannot hold NUL; a received message is stored as it came, but without those. */
const withoutNul = (value: string | undefined | null) => (value == null ? null : value.replaceAll('\u0000', ''));

/** What the embedded SMTP server received, stored as it arrived (its headers, text and attachments). */
export async function storeCapturedMessage(db: Db, message: ReceivedMessage): Promise<void> {
  const { parsed } = message;
  await insertCapturedMessage(db, {
    message: {
      messageId: withoutNul(parsed.messageId),
      mailId: mailIdOfMessageId(parsed.messageId),
      envelopeFrom: withoutNul(message.envelopeFrom),
      envelopeTo: message.envelopeTo.map((to) => withoutNul(to) ?? ''),
      fromHeader: withoutNul(parsed.from?.text),
      toHeader: withoutNul(
        [parsed.to ?? []]
          .flat()
          .map((to) => to.text)
          .join(', ') || null,
      ),
      subject: withoutNul(parsed.subject),
      text: withoutNul(parsed.text),
      headers: parsed.headerLines.map((h) => [withoutNul(h.key) ?? '', withoutNul(h.line) ?? '']),
      size: message.size,
    },
    attachments: parsed.attachments.map((attachment, position) => ({
      position,
      filename: withoutNul(attachment.filename),
      contentType: attachment.contentType,
      size: attachment.content.length,
      content: attachment.content,
    })),
  });
}
