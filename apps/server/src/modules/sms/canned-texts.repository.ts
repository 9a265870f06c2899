import type { CannedText } from '@casedesk/contract/sms/canned-text';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { offices } from '../offices/offices.tables.ts';
import { cannedTexts } from './sms.tables.ts';

const columns = {
  id: cannedTexts.id,
  message: cannedTexts.message,
  officeId: cannedTexts.officeId,
  userId: cannedTexts.userId,
};

/** A user's own texts and, when an office is named, that office's shared ones (userId null). */
export async function findCannedTexts(db: Db, userId: string, officeId: string | null): Promise<CannedText[]> {
  const mine = eq(cannedTexts.userId, userId);
  const office = officeId ? and(isNull(cannedTexts.userId), eq(cannedTexts.officeId, officeId)) : undefined;
  return db
    .select(columns)
    .from(cannedTexts)
    .where(office ? or(mine, office) : mine)
    .orderBy(asc(cannedTexts.message), asc(cannedTexts.id));
}

export async function findCannedText(db: Db, id: string): Promise<CannedText | undefined> {
  const [row] = await db.select(columns).from(cannedTexts).where(eq(cannedTexts.id, id));
  return row;
}

export async function insertCannedText(
  db: Db,
  row: { message: string; officeId: string | null; userId: string | null },
): Promise<CannedText> {
  const [inserted] = await db.insert(cannedTexts).values(row).returning(columns);
  return inserted!;
}

export async function updateCannedText(db: Db, id: string, message: string): Promise<CannedText> {
  const [updated] = await db
    .update(cannedTexts)
    .set({ message, updatedAt: new Date() })
    .where(eq(cannedTexts.id, id))
    .returning(columns);
  return updated!;
}

export async function officeExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: offices.id }).from(offices).where(eq(offices.id, id));
  return row !== undefined;
}
