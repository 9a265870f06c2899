import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { allowsRecord, hasAccess } from '@casedesk/contract/access/permissions';
import type { Actor } from '../../platform/auth/actor.ts';
import { notifyActorsChanged } from '../../platform/auth/actor-cache.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { findOfficeOfUser, findPermissionsOfUser, replacePermissionsOfUser } from './access.repository.ts';

export { findPermissionsOfUser };

/**
 * Own permissions are always readable (SPEC §4 session loading); anyone else's need USER_ACCESS READ
 * reaching that user's office (SPEC §6), else the user reads as not found.
 */
export async function getPermissions(db: Db, actor: Actor, userId: string | undefined): Promise<Permission[]> {
  const target = userId ?? actor.userId;
  if (target !== actor.userId) {
    if (!hasAccess(actor.permissions, 'USER_ACCESS', 'READ')) throw AppError.forbidden();
    const user = await findOfficeOfUser(db, target);
    if (!user || !allowsRecord(actor.permissions, 'USER_ACCESS', 'READ', { OFFICE: user.officeId })) {
      throw AppError.notFound('User');
    }
  }
  return findPermissionsOfUser(db, target);
}

/** Seeds and the access-administration module set a user's whole permission list at once. */
export async function setPermissions(db: Db, userId: string, list: Permission[]): Promise<void> {
  await replacePermissionsOfUser(db, userId, list);
  notifyActorsChanged();
}
