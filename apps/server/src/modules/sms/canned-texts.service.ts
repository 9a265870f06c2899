import { scopeAllows } from '@casedesk/contract/access/permissions';
import type { CannedText, CannedTextRequest } from '@casedesk/contract/sms/canned-text';
import { CANNED_TEXT_MESSAGES } from '@casedesk/contract/sms/canned-text';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import {
  findCannedText,
  findCannedTexts,
  insertCannedText,
  officeExists,
  updateCannedText,
} from './canned-texts.repository.ts';
import { smsScope } from './sms.service.ts';

/**
 * SPEC §7 GET canned responses (userId, officeId): the user's own texts plus their office's. A user
 * reads only their own; another office's shared texts only within their SMS READ office condition.
 */
export async function listCannedTexts(
  db: Db,
  actor: Actor,
  query: { userId?: string; officeId?: string },
): Promise<CannedText[]> {
  if (query.userId && query.userId !== actor.userId) {
    throw AppError.forbiddenBecause(CANNED_TEXT_MESSAGES.userOutOfScope);
  }
  const officeId = query.officeId ?? actor.officeId;
  if (officeId && officeId !== actor.officeId && !scopeAllows(smsScope(actor, 'READ').office, officeId)) {
    throw AppError.forbiddenBecause(CANNED_TEXT_MESSAGES.officeOutOfScope);
  }
  return findCannedTexts(db, actor.userId, officeId);
}

/**
 * The caller's own office, or one their SMS access level's office condition reaches. A canned text has no
 * category: the category condition is judged on the texts sent with it.
 */
function mayShareWith(actor: Actor, access: 'READ' | 'CREATE' | 'UPDATE', officeId: string | null): boolean {
  if (!officeId) return false;
  return officeId === actor.officeId || scopeAllows(smsScope(actor, access).office, officeId);
}

/**
 * SPEC §7 POST canned response. With a userId (which must be the caller's) it is the caller's own text;
 * with only an officeId it is shared with that office. Neither: the caller's own.
 */
export async function createCannedText(db: Db, actor: Actor, input: CannedTextRequest): Promise<CannedText> {
  if (input.userId && input.userId !== actor.userId) {
    throw AppError.forbiddenBecause(CANNED_TEXT_MESSAGES.userOutOfScope);
  }
  const shared = !input.userId && !!input.officeId;
  const officeId = input.officeId ?? null;
  if (shared && !mayShareWith(actor, 'CREATE', officeId)) {
    throw AppError.forbiddenBecause(CANNED_TEXT_MESSAGES.officeOutOfScope);
  }
  if (officeId && !(await officeExists(db, officeId))) {
    throw AppError.validation(CANNED_TEXT_MESSAGES.officeUnknown, { officeId: CANNED_TEXT_MESSAGES.officeUnknown });
  }
  // An own text's office is a label for the office list; one the caller may not share with becomes theirs.
  const row = shared
    ? { message: input.message, officeId, userId: null }
    : {
        message: input.message,
        officeId: mayShareWith(actor, 'CREATE', officeId) ? officeId : actor.officeId,
        userId: actor.userId,
      };
  return db.transaction(async (tx) => {
    const created = await insertCannedText(tx, row);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'canned_text.create',
      entity: 'canned_text',
      entityId: created.id,
      after: created,
      ip: actor.ip,
      requestId: actor.requestId,
    });
    return created;
  });
}

/** SPEC §7 PUT canned response (?id=): only the caller's own texts and their office's shared ones change. */
export async function changeCannedText(
  db: Db,
  actor: Actor,
  id: string,
  input: CannedTextRequest,
): Promise<CannedText> {
  if (input.id && input.id !== id) throw AppError.validation('Id in the body must match the id in the query.');
  const current = await findCannedText(db, id);
  const own = current?.userId === actor.userId;
  const shared = current?.userId === null;
  // DESIGN §3: a text the caller could not list (another user's own, another office's) is not found.
  if (!current || (!own && !(shared && mayShareWith(actor, 'READ', current.officeId)))) {
    throw AppError.notFound('Canned text');
  }
  if (!own && !mayShareWith(actor, 'UPDATE', current.officeId)) {
    throw AppError.forbiddenBecause(CANNED_TEXT_MESSAGES.notEditable);
  }
  return db.transaction(async (tx) => {
    const updated = await updateCannedText(tx, id, input.message);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'canned_text.update',
      entity: 'canned_text',
      entityId: id,
      before: current,
      after: updated,
      ip: actor.ip,
      requestId: actor.requestId,
    });
    return updated;
  });
}
