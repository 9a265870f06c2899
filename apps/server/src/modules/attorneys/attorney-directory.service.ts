import type { Scope } from '@casedesk/contract/access/permissions';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import * as repo from './attorneys.repository.ts';

/**
 * The attorneys as other modules read them: with their office and its zone, enabled accounts only. The
 * calendar module builds availability and calendars on them, the appointments module books them.
 */
export type AttorneyInfo = repo.AttorneyInfo;

export interface AttorneyFilter {
  attorneyIds?: string[];
  userIds?: string[];
  litigationOnly?: boolean;
  /** The caller's offices: an attorney of another office is not found. */
  officeScope?: Scope;
}

export function findAttorneys(db: Db, filter: AttorneyFilter): Promise<AttorneyInfo[]> {
  return repo.findAttorneys(db, filter);
}

/** The attorney, or a 404 "Attorney not found" for an unknown id or a disabled account. */
export async function requireAttorney(db: Db, attorneyId: string): Promise<AttorneyInfo> {
  const [attorney] = await repo.findAttorneys(db, { attorneyIds: [attorneyId] });
  if (!attorney) throw AppError.notFound('Attorney');
  return attorney;
}

/**
 * Moves an attorney to another office (the office page's "Add attorney"). The caller checks who may and
 * writes the audit row in the same transaction; bookings already made keep the office they were made in.
 */
export async function assignAttorneyOffice(db: Db, attorneyId: string, officeId: string): Promise<void> {
  const row = await repo.setAttorneyOffice(db, attorneyId, officeId);
  if (!row) throw AppError.notFound('Attorney');
}
