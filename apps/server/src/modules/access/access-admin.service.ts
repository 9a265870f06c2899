import type { UserAccessChange, UserAccessDetail, UserAccessListRequest } from '@casedesk/contract/access/access-admin';
import { ACCESS_ADMIN_MESSAGES } from '@casedesk/contract/access/access-admin';
import type { ConditionUniverse } from '@casedesk/contract/access/access-rules';
import { ungrantableLevels } from '@casedesk/contract/access/access-rules';
import type { Scope } from '@casedesk/contract/access/permissions';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { hasAccess, scopeAllows, scopeOf } from '@casedesk/contract/access/permissions';
import { subscribedTypes } from '@casedesk/contract/notifications/live-socket';
import type { Role } from '@casedesk/contract/users/user';
import type { Actor } from '../../platform/auth/actor.ts';
import { notifyActorsChanged } from '../../platform/auth/actor-cache.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Database, Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { revokeSignInsOf } from '../../platform/idp/idp.repository.ts';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus.ts';
import type { AccountFields } from '../users/users.service.ts';
import { writeAccountFields } from '../users/users.service.ts';
import {
  findOfficeNames,
  findUserAccessPage,
  findUserAccessRow,
  setProfileMembership,
} from './access-admin.repository.ts';
import { conditionUniverse } from './access-lookups.service.ts';
import { findPermissionsOfUser, replacePermissionsOfUser } from './access.repository.ts';

/** SPEC §6: USER_ACCESS's office condition is about the user looked at or changed (their office). */
export function userAccessScope(actor: Actor, access: 'READ' | 'UPDATE'): Scope {
  if (!hasAccess(actor.permissions, 'USER_ACCESS', access)) throw AppError.forbidden();
  return scopeOf(actor.permissions, 'USER_ACCESS', access, 'OFFICE');
}

/** An office named in a request: outside the caller's scope it is not found, like one that does not exist. */
async function requireOfficeInScope(db: Db, scope: Scope, officeId: string): Promise<void> {
  if (!scopeAllows(scope, officeId) || !(await findOfficeNames(db)).has(officeId)) throw AppError.notFound('Office');
}

export async function listUserAccess(
  database: Pick<Database, 'db' | 'cursor'>,
  actor: Actor,
  request: UserAccessListRequest,
) {
  const scope = userAccessScope(actor, 'READ');
  if (request.filter?.officeId) await requireOfficeInScope(database.db, scope, request.filter.officeId);
  return findUserAccessPage(database, request, scope);
}

export async function requireUserAccessRow(
  db: Db,
  actor: Actor,
  userId: string,
  access: 'READ' | 'UPDATE',
  lock = false,
) {
  const row = await findUserAccessRow(db, userId, userAccessScope(actor, access), lock);
  if (!row) throw AppError.notFound('User');
  return row;
}

export async function getUserAccess(db: Db, actor: Actor, userId: string): Promise<UserAccessDetail> {
  const row = await requireUserAccessRow(db, actor, userId, 'READ');
  return { ...row, permissions: await findPermissionsOfUser(db, userId) };
}

/** The role that conditions carry (SPEC §6: ADMIN, MANAGER) is given only by those who hold it or rank above. */
const ROLE_RANK: Partial<Record<Role, number>> = { ADMIN: 2, MANAGER: 1 };
const rank = (role: string) => ROLE_RANK[role as Role] ?? 0;

/**
 * No escalation: an administrator changes only users in the offices their USER_ACCESS UPDATE reaches, who
 * rank no higher than they do; moves users only into those offices; gives only roles they rank with; and
 * grants only access levels their own levels cover (levels kept or taken away are never refused).
 */
/** What the administrator may grant: their own stored levels and every value a condition can name. */
export interface Grantor {
  held: Permission[];
  universe: ConditionUniverse;
}

/** Read once per request: a change to many users judges every one against the same grantor. */
export async function loadGrantor(db: Db, actor: Actor): Promise<Grantor> {
  const [held, universe] = await Promise.all([findPermissionsOfUser(db, actor.userId), conditionUniverse(db)]);
  return { held, universe };
}

export async function refuseEscalation(
  db: Db,
  actor: Actor,
  target: { role: string; officeId: string | null },
  before: Permission[],
  change: Pick<UserAccessChange, 'role' | 'officeId' | 'permissions'>,
  grantor?: Grantor,
): Promise<void> {
  if (rank(target.role) > rank(actor.role))
    throw AppError.forbiddenBecause(ACCESS_ADMIN_MESSAGES.roleNotHeld(target.role));
  if (change.role && change.role !== target.role && rank(change.role) > rank(actor.role)) {
    throw AppError.forbiddenBecause(ACCESS_ADMIN_MESSAGES.roleNotHeld(change.role));
  }
  const scope = userAccessScope(actor, 'UPDATE');
  if (change.officeId !== undefined && change.officeId !== target.officeId) {
    // Users leave no office without one: an office-scoped administrator's users stay in their offices.
    if (change.officeId === null) {
      if (scope.kind !== 'all') throw AppError.forbiddenBecause(ACCESS_ADMIN_MESSAGES.officeOutOfScope);
    } else await requireOfficeInScope(db, scope, change.officeId);
  }
  if (!change.permissions) return;
  const { held, universe } = grantor ?? (await loadGrantor(db, actor));
  const refused = ungrantableLevels(held, actor.role, before, change.permissions, universe);
  if (refused.length > 0) throw AppError.forbiddenBecause(ACCESS_ADMIN_MESSAGES.notHeld(refused.join(', ')));
}

/** What changed, field by field, for the audit row: only the keys whose value differs. */
function differences(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

export interface AccessWrite {
  fields: AccountFields;
  permissions?: Permission[];
  /** A profile applied (the user follows it) or null when permissions are edited by hand. */
  profileId?: string | null;
  reason: string;
}

/**
 * Writes one user's access in the caller's transaction with its audit row (before, after, reason).
 * Returns whether anything changed; the caller announces the change after commit (announceAccessChanges).
 */
/** Who changes access: an administrator, or the directory (no user: a group mapped to a profile). */
export interface AccessAuthor {
  userId: string | null;
  ip?: string;
  requestId?: string;
}

export async function writeUserAccess(
  tx: Db,
  actor: AccessAuthor,
  userId: string,
  current: { role: string; accountEnabled: boolean; defaultDashboard: string | null; officeId: string | null },
  write: AccessWrite,
): Promise<boolean> {
  const beforePermissions = await findPermissionsOfUser(tx, userId);
  const after: Record<string, unknown> = { ...write.fields };
  if (write.permissions) after.permissions = write.permissions;
  const diff = differences({ ...current, permissions: beforePermissions }, after);
  if (write.profileId !== undefined) await setProfileMembership(tx, userId, write.profileId);
  if (Object.keys(diff.after).length === 0) return false;
  await writeAccountFields(tx, userId, write.fields);
  if (write.permissions && 'permissions' in diff.after) await replacePermissionsOfUser(tx, userId, write.permissions);
  await recordAudit(tx, {
    actorId: actor.userId,
    action: 'access.change',
    entity: 'user',
    entityId: userId,
    ...diff,
    ip: actor.ip,
    requestId: actor.requestId,
    detail: { reason: write.reason, ...(write.profileId ? { profileId: write.profileId } : {}) },
  });
  return true;
}

/**
 * After commit: every instance forgets the cached callers (the change holds from the next request), the
 * users' open sockets keep only the notification types their new access allows, and a disabled account's
 * sign-ins end and its sockets close.
 */
export async function announceAccessChanges(db: Db, bus: RealtimeBus, userIds: readonly string[]): Promise<void> {
  notifyActorsChanged();
  for (const userId of userIds) {
    const row = await findUserAccessRow(db, userId, { kind: 'all' });
    if (!row) continue;
    if (!row.accountEnabled) {
      await revokeSignInsOf(db, userId);
      await bus.publish({ userIds: [userId], close: 'accountDisabled' });
      continue;
    }
    const permissions = await findPermissionsOfUser(db, userId);
    await bus.publish({ userIds: [userId], subscribable: subscribedTypes({ permissions, role: row.role }) });
  }
}

/** The user page's save: account fields and permissions together, in one transaction, with the reason. */
export async function changeUserAccess(
  db: Db,
  bus: RealtimeBus,
  actor: Actor,
  userId: string,
  change: UserAccessChange,
): Promise<UserAccessDetail> {
  if (userId === actor.userId) throw AppError.forbiddenBecause(ACCESS_ADMIN_MESSAGES.ownAccess);
  const { reason, permissions, ...fields } = change;
  const changed = await db.transaction(async (tx) => {
    const row = await requireUserAccessRow(tx, actor, userId, 'UPDATE', true);
    const before = await findPermissionsOfUser(tx, userId);
    await refuseEscalation(tx, actor, row, before, change);
    // Access edited by hand no longer follows a profile (unless it is the profile's own list, unchanged).
    const handEdited = permissions !== undefined && JSON.stringify(permissions) !== JSON.stringify(before);
    return writeUserAccess(tx, actor, userId, row, {
      fields,
      permissions,
      reason,
      ...(handEdited ? { profileId: null } : {}),
    });
  });
  if (changed) await announceAccessChanges(db, bus, [userId]);
  return getUserAccess(db, actor, userId);
}
