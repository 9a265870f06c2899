import { allowsRecord, scopeOf } from '@casedesk/contract/access/permissions';
import type { Holiday } from '@casedesk/contract/calendar/calendar-event';
import { HOLIDAY_MESSAGES } from '@casedesk/contract/calendar/calendar-event';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db/database.ts';
import { pgErrorCode } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { HolidayRow } from './calendar.repository.ts';
import * as repo from './calendar.repository.ts';

const toHoliday = (row: HolidayRow): Holiday => ({
  id: row.id,
  date: row.date,
  name: row.name,
  officeId: row.officeId,
});

export async function listHolidays(db: Db, filter: { startDate?: string; endDate?: string; officeId?: string }) {
  const rows = await repo.findHolidays(
    db,
    filter.startDate ?? '0001-01-01',
    filter.endDate ?? '9999-12-31',
    filter.officeId ? [filter.officeId] : undefined,
  );
  return rows.map(toHoliday);
}

type HolidayWrite = { date: string; name: string; officeId: string | null };

async function auditHoliday(db: Db, actor: Actor, action: string, id: string, before: unknown, after: unknown) {
  await recordAudit(db, {
    actorId: actor.userId,
    action,
    entity: 'holidays',
    entityId: id,
    before,
    after,
    ip: actor.ip,
    requestId: actor.requestId,
  });
}

/** An officeId that names no office is bad input (400), not a server error. */
async function requireKnownOffice(db: Db, officeId: string | null): Promise<void> {
  if (officeId && !(await repo.officeExists(db, officeId))) {
    throw AppError.validation(HOLIDAY_MESSAGES.office, { officeId: HOLIDAY_MESSAGES.office });
  }
}

/**
 * A holiday blocks booking in its office; a firm-wide one (no office) in every office. So OFFICE UPDATE's
 * office condition must reach the holiday's office, and a firm-wide one needs OFFICE UPDATE without one.
 */
function mayManageHoliday(actor: Actor, officeId: string | null): boolean {
  if (officeId === null) return scopeOf(actor.permissions, 'OFFICE', 'UPDATE', 'OFFICE').kind === 'all';
  return allowsRecord(actor.permissions, 'OFFICE', 'UPDATE', { OFFICE: officeId });
}

/** The office a holiday is given (new, or after a change) must be one the caller manages. */
async function checkHolidayOffice(db: Db, actor: Actor, officeId: string | null): Promise<void> {
  if (!mayManageHoliday(actor, officeId)) {
    throw AppError.forbiddenBecause(officeId ? HOLIDAY_MESSAGES.officeOutOfScope : HOLIDAY_MESSAGES.firmWide);
  }
  await requireKnownOffice(db, officeId);
}

/** An existing holiday, locked: another office's reads as not found, as other office-scoped records do. */
async function requireManagedHoliday(tx: Db, actor: Actor, id: string): Promise<HolidayRow> {
  const row = await repo.findHolidayForUpdate(tx, id);
  if (!row || (row.officeId && !mayManageHoliday(actor, row.officeId))) throw AppError.notFound('Holiday');
  // Firm-wide holidays are listed to everyone, so refusing one hides nothing.
  if (!mayManageHoliday(actor, row.officeId)) throw AppError.forbiddenBecause(HOLIDAY_MESSAGES.firmWide);
  return row;
}

export async function createHoliday(db: Db, actor: Actor, values: HolidayWrite): Promise<Holiday> {
  await checkHolidayOffice(db, actor, values.officeId);
  return db.transaction(async (tx) => {
    const row = await repo.insertHoliday(tx, values);
    if (!row) throw AppError.conflict(HOLIDAY_MESSAGES.duplicate);
    await auditHoliday(tx, actor, 'holiday.create', row.id, null, row);
    return toHoliday(row);
  });
}

export async function changeHoliday(db: Db, actor: Actor, id: string, values: HolidayWrite): Promise<Holiday> {
  try {
    return await db.transaction(async (tx) => {
      const before = await requireManagedHoliday(tx, actor, id);
      await checkHolidayOffice(tx, actor, values.officeId);
      const row = await repo.updateHoliday(tx, id, values);
      if (!row) throw AppError.notFound('Holiday');
      await auditHoliday(tx, actor, 'holiday.update', id, before, row);
      return toHoliday(row);
    });
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw AppError.conflict(HOLIDAY_MESSAGES.duplicate);
    throw error;
  }
}

export async function removeHoliday(db: Db, actor: Actor, id: string): Promise<Holiday> {
  return db.transaction(async (tx) => {
    await requireManagedHoliday(tx, actor, id);
    const row = await repo.deleteHoliday(tx, id);
    if (!row) throw AppError.notFound('Holiday');
    await auditHoliday(tx, actor, 'holiday.delete', id, row, null);
    return toHoliday(row);
  });
}
