import type { Db } from '../../platform/db/database.ts';
import { insertMail } from './mail.repository.ts';

export interface OutgoingMail {
  toAddress: string;
  subject: string;
  body: string;
  clientId?: string | null;
  createdById?: string | null;
}

/**
 * DESIGN §1 mail: the embedded default keeps an outbox (status queued); the SMTP adapter sends from
 * it. Call inside the caller's transaction so the mail and what caused it commit together.
 */
export async function queueMail(db: Db, mail: OutgoingMail): Promise<{ id: string }> {
  return insertMail(db, {
    toAddress: mail.toAddress,
    subject: mail.subject,
    body: mail.body,
    clientId: mail.clientId ?? null,
    createdById: mail.createdById ?? null,
  });
}
