import { allowsRecord, scopeOf } from '@casedesk/contract/access/permissions';
import type { AttorneySummary } from '@casedesk/contract/attorneys/attorney-list';
import type {
  LitigationAttorneyOption,
  LitigationCalendarQuery,
  LitigationEvent,
} from '@casedesk/contract/calendar/litigation';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { toCalendarEvent } from '../calendar/calendar.service.ts';
import { requireAttorney } from './attorney-directory.service.ts';
import { findAttorneySummaries, findLitigationEvents, setLitigation } from './attorneys.repository.ts';

const litigationScope = (actor: Actor) => scopeOf(actor.permissions, 'LITIGATION_CALENDAR', 'READ', 'OFFICE');

/**
 * SPEC §2 /management/litigation-calendar, §7 Attorney: litigationCalendar — the arbitration, mediation
 * and trial events (SPEC §9) of the litigation attorneys in the caller's LITIGATION_CALENDAR offices.
 */
export async function litigationCalendar(
  db: Db,
  actor: Actor,
  query: LitigationCalendarQuery,
): Promise<LitigationEvent[]> {
  const lawyers = await findAttorneySummaries(db, litigationScope(actor), {
    litigationOnly: true,
    attorneyIds: query.attorneyId ? [query.attorneyId] : undefined,
  });
  const names = new Map(lawyers.map((a) => [a.id, a.name]));
  const rows = await findLitigationEvents(
    db,
    [...names.keys()],
    new Date(query.startDateTime),
    new Date(query.endDateTime),
  );
  return rows.map((row) => {
    const attorneyName = names.get(row.attorneyId)!;
    return { ...toCalendarEvent(row, attorneyName), attorneyName };
  });
}

/** SPEC §7 /dropdown/litigationAttorneys: the litigation attorneys the caller may see, by name. */
export async function litigationAttorneyOptions(db: Db, actor: Actor): Promise<LitigationAttorneyOption[]> {
  const lawyers = await findAttorneySummaries(db, litigationScope(actor), { litigationOnly: true });
  return lawyers.map(({ id, name }) => ({ id, name }));
}

/**
 * saveLitigationAttorney / removeLitigationAttorney: marks or unmarks an attorney of an office the
 * caller's LITIGATION_CALENDAR UPDATE reaches (else 404, as for an unknown one). Idempotent.
 */
export async function markLitigationAttorney(
  db: Db,
  actor: Actor,
  attorneyId: string,
  isLitigation: boolean,
): Promise<AttorneySummary> {
  const attorney = await requireAttorney(db, attorneyId);
  if (!allowsRecord(actor.permissions, 'LITIGATION_CALENDAR', 'UPDATE', { OFFICE: attorney.officeId })) {
    throw AppError.notFound('Attorney');
  }
  if (attorney.isLitigation !== isLitigation) {
    await db.transaction(async (tx) => {
      await setLitigation(tx, attorneyId, isLitigation);
      await recordAudit(tx, {
        actorId: actor.userId,
        action: isLitigation ? 'attorney.litigation.save' : 'attorney.litigation.remove',
        entity: 'attorneys',
        entityId: attorneyId,
        before: { isLitigation: attorney.isLitigation },
        after: { isLitigation },
        ip: actor.ip,
        requestId: actor.requestId,
      });
    });
  }
  const [summary] = await findAttorneySummaries(db, { kind: 'all' }, { attorneyIds: [attorneyId] });
  return summary!;
}
