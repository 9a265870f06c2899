import type { AccessType } from '@casedesk/contract/access/permissions';
import { scopeOf } from '@casedesk/contract/access/permissions';
import { ACCESS_ADMIN_MESSAGES } from '@casedesk/contract/access/access-admin';
import { ungrantableLevels } from '@casedesk/contract/access/access-rules';
import type {
  CollectionAccess,
  CollectionAccessChange,
  CollectionAccessUser,
} from '@casedesk/contract/collections/collection-access';
import { collectionPermissionsOf, withCollectionPermissions } from '@casedesk/contract/collections/collection-access';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus.ts';
import { announceAccessChanges, loadGrantor, writeUserAccess } from '../access/access-admin.service.ts';
import { findPermissionsOfUser } from '../access/access.service.ts';
import { findCollectionPermissions, findManagedUsers } from './collection-access.repository.ts';

/** COLLECTION_MANAGEMENT's office condition is about the user managed (their office), as USER_ACCESS's is. */
const manageScope = (actor: Actor, access: AccessType) =>
  scopeOf(actor.permissions, 'COLLECTION_MANAGEMENT', access, 'OFFICE');

/** GET /collectionAccount/getAccessControl: the users the caller manages, each with their collections access. */
export async function collectionAccess(db: Db, actor: Actor): Promise<CollectionAccess> {
  const rows = await findManagedUsers(db, manageScope(actor, 'READ'));
  const byUser = await findCollectionPermissions(
    db,
    rows.map((r) => r.userId),
  );
  return { users: rows.map((r) => ({ ...r, permissions: byUser.get(r.userId) ?? [] })) };
}

/**
 * PUT /collectionAccount/updateAccess: replaces a user's collections permissions (ALL_ACCOUNTS and the three
 * role-conditioned screens; the rest stays) with the reason, audited like every access change and in force from
 * the user's next request. No escalation: the caller grants only levels their own cover (role conditions
 * included), and never changes their own access.
 */
export async function changeCollectionAccess(
  db: Db,
  bus: RealtimeBus,
  actor: Actor,
  userId: string,
  change: CollectionAccessChange,
): Promise<CollectionAccessUser> {
  if (userId === actor.userId) throw AppError.forbiddenBecause(ACCESS_ADMIN_MESSAGES.ownAccess);
  const changed = await db.transaction(async (tx) => {
    const [user] = await findManagedUsers(tx, manageScope(actor, 'UPDATE'), userId, true);
    if (!user) throw AppError.notFound('User');
    const before = await findPermissionsOfUser(tx, userId);
    const { held, universe } = await loadGrantor(tx, actor);
    const refused = ungrantableLevels(held, actor.role, collectionPermissionsOf(before), change.permissions, universe);
    if (refused.length > 0) throw AppError.forbiddenBecause(ACCESS_ADMIN_MESSAGES.notHeld(refused.join(', ')));
    return writeUserAccess(
      tx,
      actor,
      userId,
      { ...user, defaultDashboard: null },
      { fields: {}, permissions: withCollectionPermissions(before, change.permissions), reason: change.reason },
    );
  });
  if (changed) await announceAccessChanges(db, bus, [userId]);
  const [user] = await findManagedUsers(db, manageScope(actor, 'READ'), userId);
  const byUser = await findCollectionPermissions(db, [userId]);
  return { ...user!, permissions: byUser.get(userId) ?? [] };
}
