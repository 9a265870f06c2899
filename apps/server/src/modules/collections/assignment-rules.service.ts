import { scopeAllows, scopeOf } from '@casedesk/contract/access/permissions';
import type { AssignmentRule, AssignmentRuleWrite } from '@casedesk/contract/collections/assignment-rules';
import { ASSIGNMENT_RULE_MESSAGES, pickInTurn } from '@casedesk/contract/collections/assignment-rules';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { AssignmentRuleRow, RotationMember } from './assignment-rules.repository.ts';
import {
  findAssignmentRules,
  findOffices,
  findRotationMembers,
  lockNextTurn,
  replaceRotation,
  setNextTurn,
} from './assignment-rules.repository.ts';
import { collectorsOfOffice, collectorsReach } from './collection-accounts.service.ts';

/** SPEC §6: collection management (with the ADMIN role condition) by the rule's office. */
const managedOffices = (actor: Actor, access: 'READ' | 'UPDATE') =>
  scopeOf(actor.permissions, 'COLLECTION_MANAGEMENT', access, 'OFFICE');

function ruleOf(
  office: { id: string; name: string },
  row: AssignmentRuleRow | undefined,
  members: RotationMember[],
  mayWork: (userId: string, officeId: string) => boolean,
): AssignmentRule {
  const next = row ? pickInTurn(members, row.nextTurn, (m) => mayWork(m.collectorId, office.id)) : null;
  return {
    officeId: office.id,
    officeName: office.name,
    collectors: members.map((m) => ({ id: m.collectorId, displayName: m.displayName })),
    nextCollectorId: next?.collector.collectorId ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedByName: row?.updatedByName ?? null,
  };
}

/** GET /collectionAssignmentRule: every office the caller's COLLECTION_MANAGEMENT READ reaches, with its rotation. */
export async function listAssignmentRules(db: Db, actor: Actor): Promise<AssignmentRule[]> {
  const scope = managedOffices(actor, 'READ');
  const shown = (await findOffices(db)).filter((o) => scopeAllows(scope, o.id));
  const ids = shown.map((o) => o.id);
  const [rows, members] = ids.length
    ? await Promise.all([findAssignmentRules(db, ids), findRotationMembers(db, ids)])
    : [[], []];
  const mayWork = await collectorsReach(
    db,
    members.map((m) => m.collectorId),
  );
  return shown.map((office) =>
    ruleOf(
      office,
      rows.find((r) => r.officeId === office.id),
      members.filter((m) => m.officeId === office.id),
      mayWork,
    ),
  );
}

async function ruleFor(db: Db, office: { id: string; name: string }): Promise<AssignmentRule> {
  const [rows, members] = await Promise.all([
    findAssignmentRules(db, [office.id]),
    findRotationMembers(db, [office.id]),
  ]);
  return ruleOf(
    office,
    rows[0],
    members,
    await collectorsReach(
      db,
      members.map((m) => m.collectorId),
    ),
  );
}

/**
 * PUT /collectionAssignmentRule: replaces an office's rotation (404 for an office outside the caller's
 * COLLECTION_MANAGEMENT UPDATE); every collector must be able to work the office (400). Audited before and after.
 */
export async function saveAssignmentRule(db: Db, actor: Actor, input: AssignmentRuleWrite): Promise<AssignmentRule> {
  const office = (await findOffices(db)).find((o) => o.id === input.officeId);
  if (!office || !scopeAllows(managedOffices(actor, 'UPDATE'), office.id)) throw AppError.notFound('Office');
  const eligible = await collectorsOfOffice(db, input.collectorIds, office.id);
  if (!input.collectorIds.every((id) => eligible.has(id))) {
    const message = ASSIGNMENT_RULE_MESSAGES.collector;
    throw AppError.validation(message, { collectorIds: message });
  }
  return db.transaction(async (tx) => {
    const before = await ruleFor(tx, office);
    await replaceRotation(tx, office.id, input.collectorIds, actor.userId);
    const after = await ruleFor(tx, office);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'collectionAssignmentRule.save',
      entity: 'collection_assignment_rules',
      entityId: office.id,
      before: { collectorIds: before.collectors.map((c) => c.id) },
      after: { collectorIds: after.collectors.map((c) => c.id) },
      ip: actor.ip,
      requestId: actor.requestId,
    });
    return after;
  });
}

/**
 * The collector a newly opened account of the office goes to when it names none: the office rotation's next
 * collector who may still work the office, whose turn is then taken. Null without a rule or an eligible collector.
 * Call inside the opening's transaction: the turn stays locked until it commits.
 */
export async function takeRotationTurn(tx: Db, officeId: string): Promise<string | null> {
  const turn = await lockNextTurn(tx, officeId);
  if (turn === undefined) return null;
  const members = await findRotationMembers(tx, [officeId]);
  const eligible = await collectorsOfOffice(
    tx,
    members.map((m) => m.collectorId),
    officeId,
  );
  const pick = pickInTurn(members, turn, (m) => eligible.has(m.collectorId));
  if (!pick) return null;
  await setNextTurn(tx, officeId, pick.nextTurn);
  return pick.collector.collectorId;
}
