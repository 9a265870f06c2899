import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { offices } from '../offices/offices.tables.ts';
import { trackingLines } from './tracking-lines.tables.ts';

export interface TrackingLine {
  id: string;
  dnis: string;
  source: string;
  pointTo: string;
  officeId: string | null;
}

const columns = {
  id: trackingLines.id,
  dnis: trackingLines.dnis,
  source: trackingLines.source,
  pointTo: trackingLines.pointTo,
  officeId: trackingLines.officeId,
};

/** The active line of a dialed number (unique DNIS index). */
export async function findActiveLineByDnis(db: Db, dnis: string): Promise<TrackingLine | undefined> {
  const [row] = await db
    .select(columns)
    .from(trackingLines)
    .where(and(eq(trackingLines.dnis, dnis), eq(trackingLines.active, true)))
    .limit(1);
  return row;
}

/** The office whose own main number was dialed, for calls that came in on no tracking line. */
export async function findOfficeIdByPhone(db: Db, phone: string): Promise<string | undefined> {
  const [row] = await db.select({ id: offices.id }).from(offices).where(eq(offices.phone, phone)).limit(1);
  return row?.id;
}

export async function insertLines(db: Db, lines: Omit<TrackingLine, 'id'>[]): Promise<TrackingLine[]> {
  if (lines.length === 0) return [];
  return db.insert(trackingLines).values(lines).onConflictDoNothing().returning(columns);
}

/** Every line that rings an office, active ones first, by DNIS. */
export async function findLinesOfOffice(db: Db, officeId: string) {
  return db
    .select({ ...columns, active: trackingLines.active })
    .from(trackingLines)
    .where(eq(trackingLines.officeId, officeId))
    .orderBy(desc(trackingLines.active), asc(trackingLines.dnis));
}
