import type { Db } from '../../platform/db/database.ts';
import { mailOutbox } from './mail.tables.ts';

export type NewMail = typeof mailOutbox.$inferInsert;

export async function insertMail(db: Db, mail: NewMail): Promise<{ id: string }> {
  const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
  return row!;
}
