import type { Db } from '../../platform/db/database.ts';
import type { TrackingLine } from './tracking-lines.repository.ts';
import {
  findActiveLineByDnis,
  findLinesOfOffice,
  findOfficeIdByPhone,
  insertLines,
} from './tracking-lines.repository.ts';

export type { TrackingLine };

/** Where a dialed number leads: its tracking line (SPEC §2 Marketing) and the office that answers it. */
export interface DialedNumberTarget {
  line: TrackingLine | undefined;
  officeId: string | null;
}

/**
 * The tracking line of a dialed number (DNIS) gives the source and "point to" of an incoming call
 * and its office; a number that is no tracking line but an office's own phone still names the office.
 */
export async function resolveDialedNumber(db: Db, dnis: string): Promise<DialedNumberTarget> {
  const line = await findActiveLineByDnis(db, dnis);
  if (line) return { line, officeId: line.officeId };
  return { line: undefined, officeId: (await findOfficeIdByPhone(db, dnis)) ?? null };
}

/** Seeds and imports: lines whose DNIS already exists are left as they are. */
export async function addTrackingLines(db: Db, lines: Omit<TrackingLine, 'id'>[]): Promise<TrackingLine[]> {
  return insertLines(db, lines);
}

/** The lines that ring an office, retired ones too (the office page lists them). */
export async function listOfficeTrackingLines(
  db: Db,
  officeId: string,
): Promise<(TrackingLine & { active: boolean })[]> {
  return findLinesOfOffice(db, officeId);
}
