import type { PhotoContentType } from '@casedesk/contract/users/user-photo';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import type { FilePurpose } from './files.tables.ts';
import { files } from './files.tables.ts';

export type FileRow = typeof files.$inferSelect;

export async function insertPendingFile(
  db: Db,
  file: { ownerUserId: string; requestedBy: string; purpose: FilePurpose; filename: string; uploadExpiresAt: Date },
): Promise<FileRow> {
  const [row] = await db.insert(files).values(file).returning();
  return row!;
}

export async function findFileById(db: Db, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row;
}

/**
 * Completes a pending upload whose location has not expired; undefined when it is gone, expired or
 * already used. The status condition makes a replayed or concurrent second upload find nothing.
 */
export async function markFileStored(
  db: Db,
  id: string,
  stored: { contentType: PhotoContentType; size: number; sha256: string },
  now: Date,
): Promise<FileRow | undefined> {
  const [row] = await db
    .update(files)
    .set({ ...stored, status: 'STORED', storedAt: now })
    .where(and(eq(files.id, id), eq(files.status, 'PENDING'), gt(files.uploadExpiresAt, now)))
    .returning();
  return row;
}
