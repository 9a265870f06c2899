import type { AccessType } from '@casedesk/contract/access/permissions';
import { scopeOf } from '@casedesk/contract/access/permissions';
import type { Term, TermCreate, TermUpdate } from '@casedesk/contract/collections/term';
import { TERM_MESSAGES } from '@casedesk/contract/collections/term';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { findTermRow, findTerms, insertTerm, termNameTaken, updateTerm } from './terms.repository.ts';

/** GET /term: every term, offered and retired, for anyone signed in (the account screens and the text drawer). */
export async function listTerms(db: Db): Promise<Term[]> {
  return findTerms(db);
}

/**
 * Terms are the firm's, not an office's: writing them needs COLLECTION_MANAGEMENT at this level with no office
 * condition (the route checks the level and, through the user's role conditions, SPEC §6's ADMIN role).
 */
function requireFirmWide(actor: Actor, access: AccessType): void {
  if (scopeOf(actor.permissions, 'COLLECTION_MANAGEMENT', access, 'OFFICE').kind !== 'all') {
    throw AppError.forbiddenBecause(TERM_MESSAGES.firmWide);
  }
}

async function refuseTakenName(tx: Db, name: string, exceptId?: string): Promise<void> {
  if (await termNameTaken(tx, name, exceptId)) {
    throw new AppError('CONFLICT', TERM_MESSAGES.nameTaken, { name: TERM_MESSAGES.nameTaken });
  }
}

/** POST /term: a new term; a name another term has (whatever its case) is 409. */
export async function createTerm(db: Db, actor: Actor, input: TermCreate): Promise<Term> {
  requireFirmWide(actor, 'CREATE');
  return db.transaction(async (tx) => {
    await refuseTakenName(tx, input.name);
    const term = await insertTerm(tx, input);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'term.create',
      entity: 'collection_terms',
      entityId: term.id,
      before: null,
      after: term,
      ip: actor.ip,
      requestId: actor.requestId,
    });
    return term;
  });
}

/** PUT /term: renames, retires (active false) or re-offers a term; accounts on it keep it. */
export async function changeTerm(db: Db, actor: Actor, input: TermUpdate): Promise<Term> {
  requireFirmWide(actor, 'UPDATE');
  return db.transaction(async (tx) => {
    const before = await findTermRow(tx, input.id, true);
    if (!before) throw new AppError('NOT_FOUND', TERM_MESSAGES.notFound);
    await refuseTakenName(tx, input.name, input.id);
    const { id, ...values } = input;
    const after = await updateTerm(tx, id, values);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'term.update',
      entity: 'collection_terms',
      entityId: id,
      before,
      after,
      ip: actor.ip,
      requestId: actor.requestId,
    });
    return after;
  });
}
