import { allowsRecord, scopeOf } from '@casedesk/contract/access/permissions';
import type { AccessType } from '@casedesk/contract/access/permissions';
import type {
  TrackingLineCreate,
  TrackingLineDetail,
  TrackingLineListRequest,
  TrackingLineRemap,
  TrackingLineRow,
  TrackingLineTypeCounts,
  UnresolvedDnisRequest,
} from '@casedesk/contract/marketing/tracking-line';
import {
  effectiveStart,
  TRACKING_LINE_MESSAGES,
  TRACKING_LINE_TYPES,
} from '@casedesk/contract/marketing/tracking-line';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Database, Db } from '../../platform/db/database.ts';
import { pgErrorCode } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { claimUnresolvedCalls, findUnresolvedPage } from './attribution.repository.ts';
import type { MappingValues, TrackingLine } from './tracking-lines.repository.ts';
import * as repo from './tracking-lines.repository.ts';

/** Where a dialed number leads: its tracking line (SPEC §2 Marketing) and the office that answers it. */
export interface DialedNumberTarget {
  line: TrackingLine | undefined;
  officeId: string | null;
}

/**
 * The tracking line of a dialed number and the mapping in force at the call's time give the source,
 * "point to" and office of an incoming call; a number that is no tracking line (or whose mapping has not
 * started) but an office's own phone still names the office.
 */
export async function resolveDialedNumber(db: Db, dnis: string, at: Date = new Date()): Promise<DialedNumberTarget> {
  const line = await repo.findLineInForce(db, dnis, at);
  if (line) return { line, officeId: line.officeId };
  return { line: undefined, officeId: (await repo.findOfficeIdByPhone(db, dnis)) ?? null };
}

const scope = (actor: Actor, access: AccessType) => scopeOf(actor.permissions, 'TRACKING_LINE', access, 'OFFICE');
const mayTouch = (actor: Actor, access: AccessType, officeId: string | null) =>
  allowsRecord(actor.permissions, 'TRACKING_LINE', access, { OFFICE: officeId });

/** POST /dnis/all: lines with their latest mapping, in the caller's TRACKING_LINE READ offices. */
export async function listTrackingLines(
  database: Pick<Database, 'db' | 'cursor'>,
  actor: Actor,
  request: TrackingLineListRequest,
) {
  return repo.findLinePage(database, request, scope(actor, 'READ'));
}

/** GET /dnis/typeCounts: every type, zero included, so the overview lists them all. */
export async function trackingLineTypeCounts(db: Db, actor: Actor): Promise<TrackingLineTypeCounts> {
  const counts = new Map((await repo.countLinesByType(db, scope(actor, 'READ'))).map((r) => [r.type, r.count]));
  return TRACKING_LINE_TYPES.map((type) => ({ type, count: counts.get(type) ?? 0 }));
}

/** A line the caller may reach at this access; another office's reads as not found. */
async function requireLine(db: Db, actor: Actor, id: string, access: AccessType): Promise<TrackingLineRow> {
  const line = await repo.findLine(db, id);
  if (!line || !mayTouch(actor, access, line.officeId)) throw AppError.notFound('Tracking line');
  return line;
}

/** GET /dnis/:id: the line and every mapping version it had, newest first. */
export async function getTrackingLine(db: Db, actor: Actor, id: string): Promise<TrackingLineDetail> {
  const line = await requireLine(db, actor, id, 'READ');
  return { ...line, mappings: await repo.findMappings(db, id) };
}

/** The office a mapping gives the line must be one the caller manages, and both offices must exist. */
async function checkOffices(db: Db, actor: Actor, access: AccessType, values: TrackingLineRemap): Promise<void> {
  if (!mayTouch(actor, access, values.officeId))
    throw AppError.forbiddenBecause(TRACKING_LINE_MESSAGES.officeOutOfScope);
  const known = await repo.existingOfficeIds(db, [values.officeId, values.pointToOfficeId]);
  const fieldErrors: Record<string, string> = {};
  if (!known.has(values.officeId)) fieldErrors.officeId = TRACKING_LINE_MESSAGES.office;
  if (!known.has(values.pointToOfficeId)) fieldErrors.pointToOfficeId = TRACKING_LINE_MESSAGES.pointTo;
  const [first] = Object.values(fieldErrors);
  if (first) throw AppError.validation(first, fieldErrors);
}

function mappingValues(actor: Actor, values: TrackingLineRemap, effectiveFrom: Date): MappingValues {
  const { source, campaign, type, pointToOfficeId, officeId } = values;
  return { source, campaign, type, pointToOfficeId, officeId, effectiveFrom, createdById: actor.userId };
}

/**
 * POST /dnis: a new line. Its start may be in the past (mapping a number found unresolved): the calls to
 * the number from then on that no line claimed become the line's, so they are attributed; earlier ones stay
 * unresolved. 409 when an active line has the number.
 */
export async function createTrackingLine(
  db: Db,
  actor: Actor,
  values: TrackingLineCreate,
): Promise<TrackingLineDetail> {
  await checkOffices(db, actor, 'CREATE', values);
  const effectiveFrom = values.effectiveFrom ? new Date(values.effectiveFrom) : new Date();
  try {
    const id = await db.transaction(async (tx) => {
      const lineId = await repo.insertLine(tx, values.dnis, mappingValues(actor, values, effectiveFrom));
      if (!lineId) throw AppError.conflict(TRACKING_LINE_MESSAGES.duplicate);
      const claimedCalls = await claimUnresolvedCalls(tx, {
        id: lineId,
        dnis: values.dnis,
        officeId: values.officeId,
        effectiveFrom,
      });
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'trackingLine.create',
        entity: 'tracking_lines',
        entityId: lineId,
        before: null,
        after: { ...values, effectiveFrom: effectiveFrom.toISOString() },
        ip: actor.ip,
        requestId: actor.requestId,
        detail: { claimedCalls },
      });
      return lineId;
    });
    return getTrackingLine(db, actor, id);
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw AppError.conflict(TRACKING_LINE_MESSAGES.duplicate);
    throw error;
  }
}

/**
 * PUT /dnis/:id: re-map (edit) a line from a date on. The current mapping is closed where the new one
 * starts, never before now, so every call already taken keeps the source it came in under.
 */
export async function remapTrackingLine(
  db: Db,
  actor: Actor,
  id: string,
  values: TrackingLineRemap,
  now: Date = new Date(),
): Promise<TrackingLineDetail> {
  await requireLine(db, actor, id, 'UPDATE');
  await checkOffices(db, actor, 'UPDATE', values);
  const start = effectiveStart(values.effectiveFrom ? new Date(values.effectiveFrom) : undefined, now);
  await db.transaction(async (tx) => {
    const locked = await repo.lockLine(tx, id);
    if (!locked) throw AppError.notFound('Tracking line');
    if (!locked.active) throw new AppError('BUSINESS_RULE', TRACKING_LINE_MESSAGES.inactive);
    const before = (await repo.findLine(tx, id))!;
    if (new Date(before.effectiveFrom).getTime() >= start.getTime()) {
      throw AppError.validation(TRACKING_LINE_MESSAGES.afterScheduled, {
        effectiveFrom: TRACKING_LINE_MESSAGES.afterScheduled,
      });
    }
    await repo.closeMapping(tx, before.mappingId, start);
    await repo.insertMapping(tx, id, mappingValues(actor, values, start));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'trackingLine.remap',
      entity: 'tracking_lines',
      entityId: id,
      before,
      after: { ...values, effectiveFrom: start.toISOString() },
      ip: actor.ip,
      requestId: actor.requestId,
    });
  });
  return getTrackingLine(db, actor, id);
}

/**
 * PATCH /dnis/:id/deactivate: the number stops resolving from now on (its later calls show as
 * unresolved); its mappings, and so the attribution of its past calls, stay.
 */
export async function deactivateTrackingLine(
  db: Db,
  actor: Actor,
  id: string,
  now: Date = new Date(),
): Promise<TrackingLineDetail> {
  await requireLine(db, actor, id, 'UPDATE');
  await db.transaction(async (tx) => {
    const locked = await repo.lockLine(tx, id);
    if (!locked) throw AppError.notFound('Tracking line');
    if (!locked.active) return;
    const before = (await repo.findLine(tx, id))!;
    // A mapping scheduled to start later closes where it would have started (an empty version).
    const end = new Date(Math.max(now.getTime(), new Date(before.effectiveFrom).getTime()));
    await repo.closeMapping(tx, before.mappingId, end);
    await repo.setLineInactive(tx, id, now);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'trackingLine.deactivate',
      entity: 'tracking_lines',
      entityId: id,
      before,
      after: { active: false, effectiveTo: end.toISOString() },
      ip: actor.ip,
      requestId: actor.requestId,
    });
  });
  return getTrackingLine(db, actor, id);
}

/**
 * POST /dnis/unresolved: numbers called that no line claimed. Such calls have no office unless one was
 * dialed, so only a caller whose TRACKING_LINE READ has no office condition sees most of them (SPEC §6:
 * a condition on an attribute the record lacks denies).
 */
export async function listUnresolvedDnis(
  database: Pick<Database, 'db' | 'cursor'>,
  actor: Actor,
  request: UnresolvedDnisRequest,
) {
  return findUnresolvedPage(database, request, scope(actor, 'READ'));
}

/** Seeds: each line with its first mapping in force from `effectiveFrom`; a number with an active line is skipped. */
export async function addTrackingLines(
  db: Db,
  lines: ({ dnis: string } & Omit<MappingValues, 'createdById'>)[],
): Promise<TrackingLine[]> {
  const added: TrackingLine[] = [];
  for (const { dnis, ...mapping } of lines) {
    const id = await repo.insertLine(db, dnis, { ...mapping, createdById: null });
    if (!id) continue;
    const line = await repo.findLineInForce(db, dnis, mapping.effectiveFrom);
    if (line) added.push(line);
  }
  return added;
}

/** The lines whose calls belong to an office, retired ones too (the office page lists them). */
export async function listOfficeTrackingLines(db: Db, officeId: string) {
  return repo.findLinesOfOffice(db, officeId);
}
