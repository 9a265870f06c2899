import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { users } from '../users/users.tables.ts';
import { permissions } from './access.tables.ts';

/** The office a user belongs to, which USER_ACCESS office conditions are about; undefined for no such user. */
export async function findOfficeOfUser(db: Db, userId: string): Promise<{ officeId: string | null } | undefined> {
  const [row] = await db.select({ officeId: users.officeId }).from(users).where(eq(users.id, userId));
  return row;
}

export async function findPermissionsOfUser(db: Db, userId: string): Promise<Permission[]> {
  const rows = await db
    .select({ permissionType: permissions.permissionType, accessLevelDTO: permissions.accessLevels })
    .from(permissions)
    .where(eq(permissions.userId, userId))
    .orderBy(permissions.permissionType);
  return rows;
}

export async function replacePermissionsOfUser(db: Db, userId: string, list: Permission[]): Promise<void> {
  await db.delete(permissions).where(eq(permissions.userId, userId));
  if (list.length === 0) return;
  await db
    .insert(permissions)
    .values(list.map((p) => ({ userId, permissionType: p.permissionType, accessLevels: p.accessLevelDTO })));
}
