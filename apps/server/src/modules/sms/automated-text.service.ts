import { recordAudit } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { findAutomatedTextContext, insertAutomatedText } from './automated-text.repository.ts';
import { SMS_SEND_QUEUE } from './sms-delivery.ts';

/**
 * A text the product sends by itself (a payment plan's reminder), not a user: no operator, no SMS permission to
 * check, but the same rules as any text where they matter. A number that replied STOP is never texted (TCPA; the
 * send job checks again when it sends), the text goes from its office's number, is filed under a category and
 * reason, stored and audited like a sent one and delivered by the same `sms.send` job.
 */
export interface AutomatedText {
  officeId: string;
  toNumber: string;
  body: string;
  clientId: string | null;
  collectionAccountId: string | null;
  collectorId: string | null;
  /** The SMS_CATEGORY value to file it under, else the first active category of `categoryType`. */
  category: string;
  categoryType: string;
  /** The SMS_REASON value, if the firm has it. */
  reason: string;
  /** The audit action, e.g. `payment_plan.reminder`. */
  action: string;
  /** Not before this instant (the client's allowed hours); absent: now. */
  sendAfter?: Date;
}

/** A stored text for dispatchAutomatedTexts: its id, and when it may go. */
export interface StoredText {
  messageId: string;
  sendAfter?: Date;
}

export type AutomatedTextOutcome =
  ({ stored: true } & StoredText) | { stored: false; refused: 'OPTED_OUT' | 'NO_OFFICE_NUMBER' };

/**
 * Stores the text as queued, in the caller's transaction (so it commits with whatever claimed it, or not at all),
 * or says why it may not go. Hand the stored ids to dispatchAutomatedTexts after the commit.
 */
export async function storeAutomatedText(tx: Db, text: AutomatedText): Promise<AutomatedTextOutcome> {
  const context = await findAutomatedTextContext(tx, text);
  if (context.optedOut) return { stored: false, refused: 'OPTED_OUT' };
  if (!context.fromNumber) return { stored: false, refused: 'NO_OFFICE_NUMBER' };
  const row = {
    direction: 'OUTBOUND' as const,
    fromNumber: context.fromNumber,
    toNumber: text.toNumber,
    body: text.body,
    clientId: text.clientId,
    collectionAccountId: text.collectionAccountId,
    collectorId: text.collectorId,
    operatorId: null,
    officeId: text.officeId,
    categoryId: context.categoryId,
    reasonId: context.reasonId,
    status: 'queued' as const,
    sendAfter: text.sendAfter ?? null,
  };
  const messageId = await insertAutomatedText(tx, row);
  // DESIGN §3 logs rule: the audit row names the text, not its body.
  const { body: _body, ...audited } = row;
  await recordAudit(tx, {
    actorId: null,
    action: text.action,
    entity: 'sms_message',
    entityId: messageId,
    after: { ...audited, id: messageId },
    detail: { bodyLength: text.body.length },
  });
  return { stored: true, messageId, ...(text.sendAfter ? { sendAfter: text.sendAfter } : {}) };
}

/**
 * Hands stored texts to the `sms.send` job, after their transaction committed (on PGlite a send inside it would
 * wait for the one connection); a text held to the client's hours starts then. The job id is the message id, so a
 * repeated hand-over is refused by pg-boss, and a lost one is found by the stranded-text sweep (sms-delivery.ts).
 */
export function dispatchAutomatedTexts(jobs: Pick<Jobs, 'sendSoon'>, texts: readonly StoredText[]): void {
  for (const { messageId, sendAfter } of texts) {
    jobs.sendSoon(SMS_SEND_QUEUE, { messageId }, { id: messageId, ...(sendAfter ? { startAfter: sendAfter } : {}) });
  }
}
