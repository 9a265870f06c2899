import type { Scope } from '@casedesk/contract/access/permissions';
import { pageOffset } from '@casedesk/contract/common/paging';
import type { Role, UserByRole, UserDetail, UserDirectoryRequest, UserMin } from '@casedesk/contract/users/user';
import type { OfficeUser } from '@casedesk/contract/offices/office-staff';
import { and, asc, count, desc, eq, ilike, isNull, like, ne, or, sql } from 'drizzle-orm';
import type { Database, Db } from '../../platform/db/database.ts';
import { listPage } from '../../platform/db/list-page.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from './users.tables.ts';

const detailColumns = {
  id: users.id,
  displayName: users.displayName,
  mail: users.mail,
  jobTitle: users.jobTitle,
  role: users.role,
  workNumber: users.workNumber,
  phoneExtension: users.phoneExtension,
  mobileNumber: users.mobileNumber,
  zoomLink: users.zoomLink,
  imageUrl: users.imageUrl,
  image: users.image,
  clickToCall: users.clickToCall,
  defaultDashboard: users.defaultDashboard,
  accountEnabled: users.accountEnabled,
  officeId: users.officeId,
};

/** A user by id; with a scope, only if the user's office is inside it (SPEC §6 OFFICE condition). */
export async function findUserById(
  db: Db,
  id: string,
  scope: Scope = { kind: 'all' },
): Promise<UserDetail | undefined> {
  const [row] = await db
    .select(detailColumns)
    .from(users)
    .where(and(eq(users.id, id), officeScopeSql(users.officeId, scope)));
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserDetail | undefined> {
  const [row] = await db
    .select(detailColumns)
    .from(users)
    .where(eq(sql`lower(${users.mail})`, email.toLowerCase()));
  return row;
}

/** The user linked to this provider identity (users.oidc_issuer, users.oidc_subject). */
export async function findUserByIdentity(db: Db, issuer: string, subject: string): Promise<UserDetail | undefined> {
  const [row] = await db
    .select(detailColumns)
    .from(users)
    .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject)));
  return row;
}

/** A user by email, with the identity they are linked to (both null if none yet). */
export async function findUserLinkByEmail(
  db: Db,
  email: string,
): Promise<(UserDetail & { oidcIssuer: string | null; oidcSubject: string | null }) | undefined> {
  const [row] = await db
    .select({ ...detailColumns, oidcIssuer: users.oidcIssuer, oidcSubject: users.oidcSubject })
    .from(users)
    .where(eq(sql`lower(${users.mail})`, email.toLowerCase()));
  return row;
}

/**
 * Links a user to a provider identity, unless they are already linked to another one of this issuer
 * (checked in the statement, so two first sign-ins at once cannot both win). False when not linked.
 */
export async function linkUserIdentity(db: Db, id: string, issuer: string, subject: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ oidcIssuer: issuer, oidcSubject: subject, updatedAt: new Date() })
    .where(
      and(eq(users.id, id), or(isNull(users.oidcIssuer), ne(users.oidcIssuer, issuer), eq(users.oidcSubject, subject))),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

export type UserChanges = Partial<
  Pick<
    UserDetail,
    'workNumber' | 'phoneExtension' | 'mobileNumber' | 'clickToCall' | 'zoomLink' | 'imageUrl' | 'defaultDashboard'
  >
>;

/** What the service may write: the editable fields, the account fields access administration sets, and
 * the directory's own fields (name, email, job title). */
export type UserRowChanges = UserChanges &
  Partial<Pick<UserDetail, 'accountEnabled' | 'role' | 'officeId' | 'displayName' | 'mail' | 'jobTitle'>>;

export async function updateUserRow(db: Db, id: string, changes: UserRowChanges): Promise<UserDetail | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning(detailColumns);
  return row;
}

export type NewUser = typeof users.$inferInsert;

export async function insertUser(db: Db, user: NewUser): Promise<UserDetail> {
  const [row] = await db.insert(users).values(user).returning(detailColumns);
  return row!;
}

const directorySortColumns = {
  displayName: users.displayName,
  mail: users.mail,
  workNumber: users.workNumber,
  phoneExtension: users.phoneExtension,
  location: offices.name,
} as const;

/** Enabled users by name, email or any phone digits; one query for the page and one for the count. */
export async function findDirectoryPage(database: Pick<Database, 'db' | 'cursor'>, request: UserDirectoryRequest) {
  const { db } = database;
  const keyword = request.filter.searchKeyword;
  const digits = keyword ? keyword.replace(/\D/g, '') : '';
  const conditions = [eq(users.accountEnabled, true)];
  if (keyword) {
    const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const byText = or(ilike(users.displayName, pattern), ilike(users.mail, pattern));
    conditions.push(
      digits.length >= 3
        ? or(
            byText,
            like(users.workNumber, `%${digits}%`),
            like(users.mobileNumber, `%${digits}%`),
            eq(users.phoneExtension, digits),
          )!
        : byText!,
    );
  }
  const where = and(...conditions);
  const column = directorySortColumns[request.sortBy];
  const order = request.sortOrder === 'DESC' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  const offset = pageOffset(request.pageNumber, request.pageSize);
  const fields = {
    id: users.id,
    displayName: users.displayName,
    mail: users.mail,
    workNumber: users.workNumber,
    phoneExtension: users.phoneExtension,
    mobileNumber: users.mobileNumber,
    location: offices.name,
  };
  return listPage(database, request, {
    rows: db
      .select(fields)
      .from(users)
      .leftJoin(offices, eq(offices.id, users.officeId))
      .where(where)
      .orderBy(order, users.id)
      .limit(request.pageSize)
      .offset(offset),
    fields,
    count: async () => (await db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0,
    toItem: (row) => row,
  });
}

/** Enabled users, by name (then id, so equal names keep one order). */
export async function findActiveUsersMin(db: Db): Promise<UserMin[]> {
  return db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(eq(users.accountEnabled, true))
    .orderBy(asc(users.displayName), asc(users.id));
}

/** Enabled users with a role, limited to the offices an office scope allows. */
export async function findUsersByRole(db: Db, role: Role, officeScope: Scope): Promise<UserByRole[]> {
  if (officeScope.kind === 'none') return [];
  const conditions = [
    eq(users.role, role),
    eq(users.accountEnabled, true),
    officeScopeSql(users.officeId, officeScope),
  ];
  return db
    .select({ id: users.id, displayName: users.displayName, mail: users.mail })
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(users.displayName), asc(users.id));
}

/** The users of one office, disabled accounts too, enabled ones first, by name. */
export async function findUsersOfOffice(db: Db, officeId: string): Promise<OfficeUser[]> {
  return db
    .select({
      id: users.id,
      displayName: users.displayName,
      mail: users.mail,
      jobTitle: users.jobTitle,
      role: users.role,
      accountEnabled: users.accountEnabled,
    })
    .from(users)
    .where(eq(users.officeId, officeId))
    .orderBy(desc(users.accountEnabled), asc(users.displayName), asc(users.id));
}
