import type { UserAccessListRequest, UserAccessRow } from '@casedesk/contract/access/access-admin';
import type { PermissionType, Scope } from '@casedesk/contract/access/permissions';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { pageOffset } from '@casedesk/contract/common/paging';
import type { SQL } from 'drizzle-orm';
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import type { Database, Db } from '../../platform/db/database.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { listPage } from '../../platform/db/list-page.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import { accessProfileMembers, accessProfiles, permissions } from './access.tables.ts';

const lastSignIn = sql<string | null>`(
  select to_char(${auditEvents.occurredAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  from ${auditEvents}
  where ${auditEvents.actorId} = ${users.id} and ${auditEvents.action} = 'auth.sign_in'
  order by ${auditEvents.occurredAt} desc limit 1)`;

const permissionCount = sql<number>`(select count(*)::int from ${permissions} where ${permissions.userId} = ${users.id})`;

const rowFields = {
  id: users.id,
  displayName: users.displayName,
  mail: users.mail,
  role: users.role,
  officeId: users.officeId,
  officeName: offices.name,
  accountEnabled: users.accountEnabled,
  defaultDashboard: users.defaultDashboard,
  lastSignInAt: lastSignIn,
  permissionCount,
  profileId: accessProfiles.id,
  profileName: accessProfiles.name,
};

const sortColumns: Record<string, SQL> = {
  displayName: sql`${users.displayName}`,
  mail: sql`${users.mail}`,
  role: sql`${users.role}`,
  officeName: sql`${offices.name}`,
  accountEnabled: sql`${users.accountEnabled}`,
  lastSignInAt: sql`${lastSignIn}`,
  permissionCount: sql`${permissionCount}`,
};

function listWhere(request: UserAccessListRequest, scope: Scope): SQL | undefined {
  const filter = request.filter ?? {};
  const parts: (SQL | undefined)[] = [officeScopeSql(users.officeId, scope)];
  if (filter.searchKeyword) {
    const pattern = `%${escapeLike(filter.searchKeyword)}%`;
    parts.push(or(ilike(users.displayName, pattern), ilike(users.mail, pattern)));
  }
  if (filter.officeId) parts.push(eq(users.officeId, filter.officeId));
  if (filter.role) parts.push(eq(users.role, filter.role));
  if (filter.status) parts.push(eq(users.accountEnabled, filter.status === 'ENABLED'));
  if (filter.profileId) parts.push(eq(accessProfileMembers.profileId, filter.profileId));
  return and(...parts);
}

/** The user rows with their office and profile, as the list and the user page show them. */
const selectRows = (db: Db) =>
  db
    .select(rowFields)
    .from(users)
    .leftJoin(offices, eq(offices.id, users.officeId))
    .leftJoin(accessProfileMembers, eq(accessProfileMembers.userId, users.id))
    .leftJoin(accessProfiles, eq(accessProfiles.id, accessProfileMembers.profileId));

/** /user/withAccessControl: users in the caller's USER_ACCESS scope with how much access each holds. */
export async function findUserAccessPage(
  database: Pick<Database, 'db' | 'cursor'>,
  request: UserAccessListRequest,
  scope: Scope,
) {
  const { db } = database;
  const where = listWhere(request, scope);
  const column = sortColumns[request.sortBy ?? 'displayName'] ?? sortColumns.displayName!;
  const order = request.sortOrder === 'DESC' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  return listPage(database, request, {
    rows: selectRows(db)
      .where(where)
      .orderBy(order, users.id)
      .limit(request.pageSize)
      .offset(pageOffset(request.pageNumber, request.pageSize)),
    fields: rowFields,
    count: async () =>
      (
        await db
          .select({ n: count() })
          .from(users)
          .leftJoin(offices, eq(offices.id, users.officeId))
          .leftJoin(accessProfileMembers, eq(accessProfileMembers.userId, users.id))
          .where(where)
      )[0]?.n ?? 0,
    toItem: (row): UserAccessRow => row,
  });
}

/** One user's row, if in scope; `lock` holds the user row until the transaction ends (one change at a time). */
export async function findUserAccessRow(db: Db, userId: string, scope: Scope, lock = false) {
  const query = selectRows(db).where(and(eq(users.id, userId), officeScopeSql(users.officeId, scope)));
  const [row] = lock ? await query.for('update', { of: users }) : await query;
  return row;
}

/** The audited changes of one user, newest first: profile edits, role, status, office and access. */
export async function findUserAuditTrail(db: Db, userId: string) {
  return db
    .select({
      id: auditEvents.id,
      occurredAt: sql<string>`to_char(${auditEvents.occurredAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      action: auditEvents.action,
      actorId: auditEvents.actorId,
      actorName: users.displayName,
      before: auditEvents.before,
      after: auditEvents.after,
      detail: auditEvents.detail,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(and(eq(auditEvents.entity, 'user'), eq(auditEvents.entityId, userId)))
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
    .limit(500);
}

export async function findProfiles(db: Db) {
  return db
    .select({
      id: accessProfiles.id,
      name: accessProfiles.name,
      permissions: accessProfiles.permissions,
      memberCount: sql<number>`(select count(*)::int from ${accessProfileMembers} where ${accessProfileMembers.profileId} = ${accessProfiles.id})`,
    })
    .from(accessProfiles)
    .orderBy(asc(accessProfiles.name));
}

export async function findProfile(db: Db, id: string) {
  const [row] = await db.select().from(accessProfiles).where(eq(accessProfiles.id, id));
  return row;
}

export async function insertProfile(db: Db, name: string, list: Permission[]) {
  const [row] = await db
    .insert(accessProfiles)
    .values({ name, permissions: list })
    .returning({ id: accessProfiles.id });
  return row!.id;
}

export async function updateProfileRow(db: Db, id: string, name: string, list: Permission[]) {
  await db
    .update(accessProfiles)
    .set({ name, permissions: list, updatedAt: new Date() })
    .where(eq(accessProfiles.id, id));
}

export async function findProfileMemberIds(db: Db, profileId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: accessProfileMembers.userId })
    .from(accessProfileMembers)
    .where(eq(accessProfileMembers.profileId, profileId));
  return rows.map((row) => row.userId);
}

export async function setProfileMembership(db: Db, userId: string, profileId: string | null): Promise<void> {
  if (profileId === null) {
    await db.delete(accessProfileMembers).where(eq(accessProfileMembers.userId, userId));
    return;
  }
  await db
    .insert(accessProfileMembers)
    .values({ userId, profileId })
    .onConflictDoUpdate({ target: accessProfileMembers.userId, set: { profileId, since: new Date() } });
}

/**
 * A READ level none of whose OFFICE conditions fails for a record of `$office` (null: a record with no office),
 * as decideRecordAccess judges them: EQUALS fails when the office is not listed, NOT_EQUALS when it is.
 */
const READS_OFFICE = `$[*] ? (@.accessType == "READ") ? (!exists(@.conditionDTO[*] ? (@.conditionType == "OFFICE" && (
  (@.relationType == "EQUALS" && !exists(@.values[*] ? (@ == $office))) ||
  (@.relationType == "NOT_EQUALS" && exists(@.values[*] ? (@ == $office)))))))`;

/**
 * Only a narrowing before the decision in code, which still judges every row it leaves (role conditions
 * included). A JSON path rather than set-returning functions: their estimated cost took the plan past
 * PostgreSQL's JIT thresholds, and compiling it cost more (about 240 ms) than the query.
 */
function readsOffice(officeId: string | null): SQL {
  return sql`jsonb_path_exists(${permissions.accessLevels}, ${READS_OFFICE}::jsonpath, jsonb_build_object('office', ${officeId}::text))`;
}

/**
 * Enabled users holding any of these permission types, with those permissions, for "who can see this":
 * only the rows of the types that govern the record are read, not everyone's whole access, and of those
 * only the ones whose READ office conditions let a record of `officeId` through (thousands of users, most
 * of them bound to other offices, need not all travel to be refused).
 */
export async function findHoldersOf(db: Db, types: readonly PermissionType[], officeId: string | null) {
  return db
    .select({
      id: users.id,
      displayName: users.displayName,
      role: users.role,
      officeName: offices.name,
      permissionType: permissions.permissionType,
      accessLevels: permissions.accessLevels,
    })
    .from(permissions)
    .innerJoin(users, eq(users.id, permissions.userId))
    .leftJoin(offices, eq(offices.id, users.officeId))
    .where(and(inArray(permissions.permissionType, [...types]), eq(users.accountEnabled, true), readsOffice(officeId)))
    .orderBy(asc(users.displayName), asc(users.id));
}

export async function findOfficeNames(db: Db): Promise<Map<string, string>> {
  const rows = await db.select({ id: offices.id, name: offices.name }).from(offices);
  return new Map(rows.map((row) => [row.id, row.name]));
}
