import type { Scope } from '@casedesk/contract/access/permissions';
import { allowsRecord, scopeOf } from '@casedesk/contract/access/permissions';
import type { OfficeDetail, OfficeListRequest, OfficeStatus, OfficeWrite } from '@casedesk/contract/offices/office';
import { OFFICE_MESSAGES } from '@casedesk/contract/offices/office';
import type { OfficeAttorney, OfficeStaff } from '@casedesk/contract/offices/office-staff';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Database, Db } from '../../platform/db/database.ts';
import { pgErrorCode } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { assignAttorneyOffice, findAttorneys, requireAttorney } from '../attorneys/attorney-directory.service.ts';
import { listOfficeTrackingLines } from '../marketing/tracking-lines.service.ts';
import { listOfficeUsers } from '../users/users.service.ts';
import { findOffice, findOfficePage, insertOffice, updateOffice } from './offices.repository.ts';

const officeScope = (actor: Actor, access: 'READ' | 'UPDATE') => scopeOf(actor.permissions, 'OFFICE', access, 'OFFICE');

async function audit(db: Db, actor: Actor, action: string, id: string, before: unknown, after: unknown) {
  await recordAudit(db, {
    actorId: actor.userId,
    action,
    entity: 'offices',
    entityId: id,
    before,
    after,
    ip: actor.ip,
    requestId: actor.requestId,
  });
}

/** The unique name is the only unique column: a clash is the user's to fix (409), not a server error. */
async function withUniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw AppError.conflict(OFFICE_MESSAGES.duplicateName);
    throw error;
  }
}

/** SPEC §2 /management/office: the offices the caller's OFFICE READ reaches (SPEC §6 office condition). */
export async function listOffices(database: Pick<Database, 'db' | 'cursor'>, actor: Actor, request: OfficeListRequest) {
  return findOfficePage(database, request, officeScope(actor, 'READ'));
}

/** One office; one outside the caller's OFFICE READ reads as one that does not exist. */
export async function getOffice(db: Db, actor: Actor, officeId: string): Promise<OfficeDetail> {
  const office = await findOffice(db, officeId, officeScope(actor, 'READ'));
  if (!office) throw AppError.notFound('Office');
  return office;
}

/** A new office cannot be inside an office condition, so creating one needs OFFICE CREATE without one. */
export async function createOffice(db: Db, actor: Actor, values: OfficeWrite): Promise<OfficeDetail> {
  if (scopeOf(actor.permissions, 'OFFICE', 'CREATE', 'OFFICE').kind !== 'all') {
    throw AppError.forbiddenBecause(OFFICE_MESSAGES.createNeedsAllOffices);
  }
  return withUniqueName(() =>
    db.transaction(async (tx) => {
      const row = await insertOffice(tx, values);
      await audit(tx, actor, 'office.create', row.id, null, row);
      return row;
    }),
  );
}

async function changeOffice(
  db: Db,
  actor: Actor,
  officeId: string,
  action: (before: OfficeDetail) => string | undefined,
  values: OfficeWrite | { status: OfficeStatus },
): Promise<OfficeDetail> {
  return withUniqueName(() =>
    db.transaction(async (tx) => {
      const before = await findOffice(tx, officeId, officeScope(actor, 'UPDATE'), true);
      if (!before) throw AppError.notFound('Office');
      const name = action(before);
      if (!name) return before;
      const after = (await updateOffice(tx, officeId, values))!;
      await audit(tx, actor, name, officeId, before, after);
      return after;
    }),
  );
}

export async function changeOfficeDetails(db: Db, actor: Actor, officeId: string, values: OfficeWrite) {
  return changeOffice(db, actor, officeId, () => 'office.update', values);
}

/**
 * Offices are never deleted: calls, texts, appointments and reports keep naming them. An inactive office
 * stays in this list, its history and reports, and drops out of the choices for new work (office pickers,
 * SMS from-numbers, outgoing caller ids, attorneys offered for booking). Setting the status it has is a no-op.
 */
export async function setOfficeStatus(db: Db, actor: Actor, officeId: string, status: OfficeStatus) {
  const action = status === 'ACTIVE' ? 'office.reactivate' : 'office.deactivate';
  return changeOffice(db, actor, officeId, (before) => (before.status === status ? undefined : action), { status });
}

const reaches = (actor: Actor, type: 'ATTORNEY_SCHEDULE' | 'USER_DIRECTORY' | 'TRACKING_LINE', officeId: string) =>
  allowsRecord(actor.permissions, type, 'READ', { OFFICE: officeId });

const onlyOffice = (officeId: string): Scope => ({ kind: 'limited', only: [officeId], except: [] });

/** The office page's sections; each kind of record follows the caller's permission for that kind. */
export async function officeStaff(db: Db, actor: Actor, officeId: string): Promise<OfficeStaff> {
  await getOffice(db, actor, officeId);
  const [attorneys, users, trackingLines] = await Promise.all([
    reaches(actor, 'ATTORNEY_SCHEDULE', officeId) ? findAttorneys(db, { officeScope: onlyOffice(officeId) }) : null,
    reaches(actor, 'USER_DIRECTORY', officeId) ? listOfficeUsers(db, officeId) : null,
    reaches(actor, 'TRACKING_LINE', officeId) ? listOfficeTrackingLines(db, officeId) : null,
  ]);
  return {
    attorneys: attorneys?.map(toOfficeAttorney) ?? null,
    users,
    trackingLines:
      trackingLines?.map(({ id, dnis, source, pointTo, active }) => ({ id, dnis, source, pointTo, active })) ?? null,
  };
}

function toOfficeAttorney(a: Awaited<ReturnType<typeof findAttorneys>>[number]): OfficeAttorney {
  return {
    id: a.attorneyId,
    name: a.attorney,
    email: a.email,
    lawType: a.lawType,
    jurisdiction: a.jurisdiction,
    isLitigation: a.isLitigation,
  };
}

/**
 * An attorney starts working for this office: OFFICE UPDATE must reach this office and ATTORNEY_SCHEDULE
 * UPDATE the attorney's present one (an attorney outside it reads as unknown). An inactive office takes no
 * new work, so no attorneys either.
 */
export async function moveAttorneyToOffice(
  db: Db,
  actor: Actor,
  officeId: string,
  attorneyId: string,
): Promise<OfficeAttorney> {
  return db.transaction(async (tx) => {
    const office = await findOffice(tx, officeId, officeScope(actor, 'UPDATE'), true);
    if (!office) throw AppError.notFound('Office');
    const attorney = await requireAttorney(tx, attorneyId);
    if (!allowsRecord(actor.permissions, 'ATTORNEY_SCHEDULE', 'UPDATE', { OFFICE: attorney.officeId })) {
      throw AppError.notFound('Attorney');
    }
    if (office.status !== 'ACTIVE') throw new AppError('BUSINESS_RULE', OFFICE_MESSAGES.inactiveTakesNoAttorneys);
    if (attorney.officeId !== officeId) {
      await assignAttorneyOffice(tx, attorneyId, officeId);
      await audit(
        tx,
        actor,
        'office.attorney_join',
        officeId,
        { attorneyId, officeId: attorney.officeId },
        {
          attorneyId,
          officeId,
        },
      );
    }
    return toOfficeAttorney({ ...attorney, officeId });
  });
}
