import { scopeOf } from '@casedesk/contract/access/permissions';
import { PAGE_SIZE_ALL } from '@casedesk/contract/common/paging';
import type { AttorneyListResponse } from '@casedesk/contract/attorneys/attorney-list';
import type { AttorneySchedule } from '@casedesk/contract/attorneys/attorney-schedule';
import type { UserCalendarsResponse } from '@casedesk/contract/calendar/user-calendars';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { getSchedule, mayViewAttorney } from '../calendar/calendar.service.ts';
import { findAttorneySummaries, findUserWithAttorney } from './attorneys.repository.ts';

/** The name Microsoft Graph gives a mailbox's default calendar; ours in the database carries the same. */
export const DEFAULT_CALENDAR_NAME = 'Calendar';

/** SPEC §7 Attorney: allSchedule — the attorneys the caller's ATTORNEY_SCHEDULE READ reaches, by name. */
export async function listAttorneys(db: Db, actor: Actor): Promise<AttorneyListResponse> {
  const scope = scopeOf(actor.permissions, 'ATTORNEY_SCHEDULE', 'READ', 'OFFICE');
  const items = await findAttorneySummaries(db, scope);
  // Not paged (a firm has tens of attorneys): one page of all of them, in the shape every list has.
  return { items, totalCount: items.length, pageNumber: 1, pageSize: PAGE_SIZE_ALL };
}

/** SPEC §7 Attorney: schedule (attorneyId) — the same answer as GET /attorney/{attorneyId}/availability. */
export async function attorneySchedule(db: Db, actor: Actor, attorneyId: string): Promise<AttorneySchedule> {
  return getSchedule(db, actor, attorneyId);
}

/**
 * SPEC §7 GET /user/allCalendars (userId). Our model gives each attorney one default calendar (the
 * database, or the attorney's mailbox at Microsoft Graph when that provider is configured); a user who
 * is not an attorney has none. An unknown user, and one outside the caller's ATTORNEY_AVAILABILITY scope, is
 * a 404.
 */
export async function userCalendars(db: Db, actor: Actor, userId: string): Promise<UserCalendarsResponse> {
  const user = await findUserWithAttorney(db, userId);
  if (!user || !mayViewAttorney(actor, user.officeId)) throw AppError.notFound('User');
  if (!user.attorneyId) return { items: [] };
  return {
    items: [
      {
        id: user.attorneyId,
        name: DEFAULT_CALENDAR_NAME,
        isDefault: true,
        owner: { name: user.name, address: user.mail },
      },
    ],
  };
}
