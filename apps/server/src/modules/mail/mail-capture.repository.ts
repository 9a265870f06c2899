import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { mailCaptured, mailCapturedAttachments } from './mail.tables.ts';

export type NewCapturedMessage = typeof mailCaptured.$inferInsert;
export type NewCapturedAttachment = Omit<typeof mailCapturedAttachments.$inferInsert, 'capturedId'>;
export type CapturedRow = typeof mailCaptured.$inferSelect;
export type CapturedAttachmentRow = Omit<typeof mailCapturedAttachments.$inferSelect, 'content'>;

/** One received message and its attachments, together. */
export async function insertCapturedMessage(
  db: Db,
  captured: { message: NewCapturedMessage; attachments: NewCapturedAttachment[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.insert(mailCaptured).values(captured.message).returning({ id: mailCaptured.id });
    if (captured.attachments.length > 0) {
      await tx
        .insert(mailCapturedAttachments)
        .values(captured.attachments.map((attachment) => ({ ...attachment, capturedId: row!.id })));
    }
  });
}

/** Every copy of an outbox e-mail the embedded server received, oldest first, with its attachments' details. */
export async function findCapturedOf(
  db: Db,
  mailId: string,
): Promise<{ message: CapturedRow; attachments: CapturedAttachmentRow[] }[]> {
  const messages = await db
    .select()
    .from(mailCaptured)
    .where(eq(mailCaptured.mailId, mailId))
    .orderBy(asc(mailCaptured.receivedAt));
  if (messages.length === 0) return [];
  const attachments = await db
    .select({
      id: mailCapturedAttachments.id,
      capturedId: mailCapturedAttachments.capturedId,
      position: mailCapturedAttachments.position,
      filename: mailCapturedAttachments.filename,
      contentType: mailCapturedAttachments.contentType,
      size: mailCapturedAttachments.size,
    })
    .from(mailCapturedAttachments)
    .where(
      inArray(
        mailCapturedAttachments.capturedId,
        messages.map((m) => m.id),
      ),
    )
    .orderBy(asc(mailCapturedAttachments.position));
  return messages.map((message) => ({
    message,
    attachments: attachments.filter((a) => a.capturedId === message.id),
  }));
}

/** A captured attachment's bytes, only as part of the outbox e-mail it came with. */
export async function findCapturedAttachment(
  db: Db,
  mailId: string,
  attachmentId: string,
): Promise<{ filename: string | null; contentType: string; content: Buffer } | undefined> {
  const [row] = await db
    .select({
      filename: mailCapturedAttachments.filename,
      contentType: mailCapturedAttachments.contentType,
      content: mailCapturedAttachments.content,
    })
    .from(mailCapturedAttachments)
    .innerJoin(mailCaptured, eq(mailCaptured.id, mailCapturedAttachments.capturedId))
    .where(and(eq(mailCapturedAttachments.id, attachmentId), eq(mailCaptured.mailId, mailId)));
  return row;
}

/** How many times each Message-ID arrived (tests and the bench: every e-mail once, none twice). */
export async function countCapturedByMailId(db: Db, mailIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (mailIds.length === 0) return counts;
  const rows = await db
    .select({ mailId: mailCaptured.mailId })
    .from(mailCaptured)
    .where(inArray(mailCaptured.mailId, mailIds));
  for (const row of rows) if (row.mailId) counts.set(row.mailId, (counts.get(row.mailId) ?? 0) + 1);
  return counts;
}
