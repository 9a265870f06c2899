import type { Scope } from '@casedesk/contract/access/permissions';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { COLLECTION_PERMISSION_TYPES } from '@casedesk/contract/collections/collection-access';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { permissions } from '../access/access.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';

const userColumns = {
  userId: users.id,
  displayName: users.displayName,
  mail: users.mail,
  role: users.role,
  officeId: users.officeId,
  officeName: offices.name,
  accountEnabled: users.accountEnabled,
};

/** The users of the offices in scope (the user's own office decides), by name; `id` narrows to one. */
export async function findManagedUsers(db: Db, scope: Scope, id?: string, lock = false) {
  const query = db
    .select(userColumns)
    .from(users)
    .leftJoin(offices, eq(offices.id, users.officeId))
    .where(and(officeScopeSql(users.officeId, scope), id ? eq(users.id, id) : undefined))
    .orderBy(users.displayName, users.id);
  return lock ? query.for('update', { of: users }) : query;
}

/** The collections permissions of these users, by user. */
export async function findCollectionPermissions(db: Db, userIds: string[]): Promise<Map<string, Permission[]>> {
  const byUser = new Map<string, Permission[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({
      userId: permissions.userId,
      permissionType: permissions.permissionType,
      accessLevelDTO: permissions.accessLevels,
    })
    .from(permissions)
    .where(
      and(inArray(permissions.userId, userIds), inArray(permissions.permissionType, [...COLLECTION_PERMISSION_TYPES])),
    )
    .orderBy(permissions.permissionType);
  for (const { userId, ...permission } of rows) {
    byUser.set(userId, [...(byUser.get(userId) ?? []), permission]);
  }
  return byUser;
}
