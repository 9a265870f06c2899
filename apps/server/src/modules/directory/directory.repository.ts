import { and, asc, count, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { isUuid } from '@casedesk/contract/common/text';
import type { Db } from '../../platform/db/database.ts';
import { users } from '../users/users.tables.ts';
import { directoryAccounts, directoryGroupMembers, directoryGroups } from './directory.tables.ts';

export type DirectorySource = 'SCIM' | 'GRAPH';

/** A user as a directory resource: the person and, once provisioned, their directory account. */
const accountColumns = {
  id: users.id,
  displayName: users.displayName,
  mail: users.mail,
  jobTitle: users.jobTitle,
  officeId: users.officeId,
  accountEnabled: users.accountEnabled,
  externalId: directoryAccounts.externalId,
  userName: sql<string>`coalesce(${directoryAccounts.userName}, ${users.mail})`,
  deletedAt: directoryAccounts.deletedAt,
};
export interface DirectoryUserRow {
  id: string;
  displayName: string;
  mail: string;
  jobTitle: string | null;
  officeId: string | null;
  accountEnabled: boolean;
  externalId: string | null;
  userName: string;
  deletedAt: Date | null;
}

// userName is the user's mail (provisioning stores it so): matched on the mail's own index, lower(mail).
const USER_FILTERS = {
  userName: sql`lower(${users.mail})`,
  externalId: sql`${directoryAccounts.externalId}`,
  displayName: sql`lower(${users.displayName})`,
  id: sql`${users.id}`,
} as const;
export type DirectoryUserFilter = { attribute: keyof typeof USER_FILTERS; value: string };

/** Users the directory may see: every user but those it deleted. */
function userWhere(filter: DirectoryUserFilter | undefined): SQL | undefined {
  const live = isNull(directoryAccounts.deletedAt);
  if (!filter) return live;
  // An id that is no uuid names nobody (and must not reach a uuid comparison, which would fail).
  if (filter.attribute === 'id' && !isUuid(filter.value)) return sql`false`;
  const value =
    filter.attribute === 'externalId' || filter.attribute === 'id' ? filter.value : filter.value.toLowerCase();
  return and(live, sql`${USER_FILTERS[filter.attribute]} = ${value}`);
}

export async function findDirectoryUsers(
  db: Db,
  filter: DirectoryUserFilter | undefined,
  offset: number,
  limit: number,
): Promise<{ rows: DirectoryUserRow[]; total: number }> {
  const where = userWhere(filter);
  const base = () =>
    db.select(accountColumns).from(users).leftJoin(directoryAccounts, eq(directoryAccounts.userId, users.id));
  const [rows, [total]] = await Promise.all([
    limit === 0 ? [] : base().where(where).orderBy(asc(users.mail), asc(users.id)).limit(limit).offset(offset),
    db
      .select({ n: count() })
      .from(users)
      .leftJoin(directoryAccounts, eq(directoryAccounts.userId, users.id))
      .where(where),
  ]);
  return { rows: rows as DirectoryUserRow[], total: Number(total?.n ?? 0) };
}

export async function findDirectoryUser(db: Db, userId: string, lock = false): Promise<DirectoryUserRow | undefined> {
  if (!isUuid(userId)) return undefined;
  const query = db
    .select(accountColumns)
    .from(users)
    .leftJoin(directoryAccounts, eq(directoryAccounts.userId, users.id))
    .where(and(eq(users.id, userId), isNull(directoryAccounts.deletedAt)));
  const [row] = lock ? await query.for('update', { of: users }) : await query;
  return row as DirectoryUserRow | undefined;
}

/** The user a directory account names, deleted ones too (a re-provisioned person comes back as themselves). */
export async function findUserIdByExternalId(db: Db, source: DirectorySource, externalId: string) {
  const [row] = await db
    .select({ userId: directoryAccounts.userId })
    .from(directoryAccounts)
    .where(and(eq(directoryAccounts.source, source), eq(directoryAccounts.externalId, externalId)));
  return row?.userId;
}

export async function saveDirectoryAccount(
  db: Db,
  account: { userId: string; source: DirectorySource; externalId: string | null; userName: string; deleted?: boolean },
): Promise<void> {
  const values = {
    source: account.source,
    externalId: account.externalId,
    userName: account.userName,
    deletedAt: account.deleted ? new Date() : null,
    updatedAt: new Date(),
  };
  await db
    .insert(directoryAccounts)
    .values({ userId: account.userId, ...values })
    .onConflictDoUpdate({ target: directoryAccounts.userId, set: values });
}

export async function markDirectoryAccountDeleted(db: Db, userId: string): Promise<void> {
  await db
    .update(directoryAccounts)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(eq(directoryAccounts.userId, userId));
}

const groupColumns = {
  id: directoryGroups.id,
  externalId: directoryGroups.externalId,
  displayName: directoryGroups.displayName,
  profileId: directoryGroups.profileId,
};
export type DirectoryGroupRow = {
  id: string;
  externalId: string | null;
  displayName: string;
  profileId: string | null;
};

export async function findGroups(
  db: Db,
  source: DirectorySource,
  filter: { attribute: 'displayName' | 'externalId' | 'id'; value: string } | undefined,
): Promise<DirectoryGroupRow[]> {
  const conditions = [eq(directoryGroups.source, source)];
  if (filter?.attribute === 'displayName') conditions.push(ilike(directoryGroups.displayName, filter.value));
  if (filter?.attribute === 'externalId') conditions.push(eq(directoryGroups.externalId, filter.value));
  if (filter?.attribute === 'id')
    conditions.push(isUuid(filter.value) ? eq(directoryGroups.id, filter.value) : sql`false`);
  return db
    .select(groupColumns)
    .from(directoryGroups)
    .where(and(...conditions))
    .orderBy(asc(directoryGroups.displayName));
}

export async function findGroup(db: Db, id: string): Promise<DirectoryGroupRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select(groupColumns).from(directoryGroups).where(eq(directoryGroups.id, id));
  return row;
}

export async function insertGroup(db: Db, source: DirectorySource, displayName: string, externalId: string | null) {
  const [row] = await db.insert(directoryGroups).values({ source, displayName, externalId }).returning(groupColumns);
  return row!;
}

export async function updateGroup(db: Db, id: string, changes: { displayName?: string; profileId?: string | null }) {
  await db.update(directoryGroups).set(changes).where(eq(directoryGroups.id, id));
}

export async function deleteGroup(db: Db, id: string): Promise<void> {
  await db.delete(directoryGroups).where(eq(directoryGroups.id, id));
}

export async function findMemberIds(db: Db, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: directoryGroupMembers.userId })
    .from(directoryGroupMembers)
    .where(eq(directoryGroupMembers.groupId, groupId));
  return rows.map((row) => row.userId);
}

/** Adds members (ids of users that exist); returns the ids that were not members before. */
export async function addMembers(db: Db, groupId: string, userIds: string[]): Promise<string[]> {
  const ids = userIds.filter(isUuid);
  if (ids.length === 0) return [];
  const existing = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  if (existing.length === 0) return [];
  const added = await db
    .insert(directoryGroupMembers)
    .values(existing.map(({ id }) => ({ groupId, userId: id })))
    .onConflictDoNothing()
    .returning({ userId: directoryGroupMembers.userId });
  return added.map((row) => row.userId);
}

export async function removeMembers(db: Db, groupId: string, userIds: string[] | 'all'): Promise<void> {
  const inGroup = eq(directoryGroupMembers.groupId, groupId);
  await db
    .delete(directoryGroupMembers)
    .where(userIds === 'all' ? inGroup : and(inGroup, inArray(directoryGroupMembers.userId, userIds.filter(isUuid))));
}

/** Every directory group with its member count, for the administrators' mapping to profiles. */
export async function findGroupsWithCounts(db: Db) {
  return db
    .select({
      id: directoryGroups.id,
      source: directoryGroups.source,
      displayName: directoryGroups.displayName,
      profileId: directoryGroups.profileId,
      memberCount: sql<number>`(select count(*)::int from ${directoryGroupMembers} where ${directoryGroupMembers.groupId} = ${directoryGroups.id})`,
    })
    .from(directoryGroups)
    .orderBy(asc(directoryGroups.displayName));
}

/** The directory's ids of the users it has not deleted (a full read that misses one means it is gone). */
export async function findLiveExternalIds(db: Db, source: DirectorySource): Promise<string[]> {
  const rows = await db
    .select({ externalId: directoryAccounts.externalId })
    .from(directoryAccounts)
    .where(and(eq(directoryAccounts.source, source), isNull(directoryAccounts.deletedAt)));
  return rows.flatMap((row) => (row.externalId ? [row.externalId] : []));
}

/** The accounts of one page of directory ids, with what we hold of their users (one query per page). */
export async function findDirectoryAccountsOf(db: Db, source: DirectorySource, externalIds: string[]) {
  if (externalIds.length === 0) return [];
  return db
    .select({
      externalId: directoryAccounts.externalId,
      userId: directoryAccounts.userId,
      deletedAt: directoryAccounts.deletedAt,
      displayName: users.displayName,
      mail: users.mail,
      jobTitle: users.jobTitle,
      accountEnabled: users.accountEnabled,
    })
    .from(directoryAccounts)
    .innerJoin(users, eq(users.id, directoryAccounts.userId))
    .where(and(eq(directoryAccounts.source, source), inArray(directoryAccounts.externalId, externalIds)));
}
