import type { Scope } from '@casedesk/contract/access/permissions';
import { applyRoleConditions, hasAccess, scopeOf } from '@casedesk/contract/access/permissions';
import type { Role, UserByRole, UserDetail, UserDirectoryRequest, UserMin } from '@casedesk/contract/users/user';
import type { DefaultDashboard } from '@casedesk/contract/users/default-dashboard';
import { USER_MESSAGES } from '@casedesk/contract/users/user';
import type { OfficeUser } from '@casedesk/contract/offices/office-staff';
import type { PhotoUploadRequest, PhotoUploadResponse } from '@casedesk/contract/users/user-photo';
import { fileIdFromUrl } from '@casedesk/contract/users/user-photo';
import type { Actor, ResolvedUser } from '../../platform/auth/actor.ts';
import { notifyActorsChanged } from '../../platform/auth/actor-cache.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Database, Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { Files } from '../../platform/files/files.service.ts';
import { isStoredPhotoOf, requestUpload } from '../../platform/files/files.service.ts';
import { findPermissionsOfUser } from '../access/access.service.ts';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus.ts';
import type { UserChanges, UserRowChanges } from './users.repository.ts';
import {
  findActiveUsersMin,
  findUsersOfOffice,
  findDirectoryPage,
  findUserByEmail,
  findUserById,
  findUsersByRole,
  insertUser,
  updateUserRow,
} from './users.repository.ts';

/**
 * A user by email with their permissions, for tools and tests: requests are resolved by the token's
 * provider identity instead (user-identity.service.ts).
 */
export async function resolveUserByEmail(db: Db, email: string): Promise<ResolvedUser | undefined> {
  const user = await findUserByEmail(db, email);
  return user && withPermissions(db, user);
}

/** The user's permissions, as every request needs them. */
export async function withPermissions(db: Db, user: UserDetail): Promise<ResolvedUser> {
  // SPEC §6 role conditions are about the caller: judged here once, so every later check sees record conditions only.
  const permissions = user.accountEnabled
    ? applyRoleConditions(await findPermissionsOfUser(db, user.id), user.role)
    : [];
  return {
    id: user.id,
    role: user.role,
    officeId: user.officeId,
    accountEnabled: user.accountEnabled,
    permissions,
    user,
  };
}

/** SPEC §6: USER_ACCESS's office condition is about the user looked at or changed (their office). */
const userAccessScope = (actor: Actor, access: 'READ' | 'UPDATE') =>
  scopeOf(actor.permissions, 'USER_ACCESS', access, 'OFFICE');

/** Own record always; another user's needs USER_ACCESS READ reaching their office (else not found). */
export async function getUser(db: Db, actor: Actor, userId: string | undefined): Promise<UserDetail> {
  const target = userId ?? actor.userId;
  if (target === actor.userId) return actor.self;
  if (!hasAccess(actor.permissions, 'USER_ACCESS', 'READ')) throw AppError.forbidden();
  const user = await findUserById(db, target, userAccessScope(actor, 'READ'));
  if (!user) throw AppError.notFound('User');
  return user;
}

/**
 * SPEC §6: USER_PROFILE UPDATE allows editing one's profile; the click-to-call number is the user
 * menu's own setting (SPEC §2) and stays editable without it. Another user's record needs USER_ACCESS
 * UPDATE reaching their office.
 */
export async function updateUser(
  db: Db,
  actor: Actor,
  userId: string | undefined,
  changes: UserChanges,
): Promise<UserDetail> {
  const target = userId ?? actor.userId;
  const own = target === actor.userId;
  const profileFields = Object.keys(changes).filter((key) => key !== 'clickToCall');
  const allowed = own
    ? profileFields.length === 0 || hasAccess(actor.permissions, 'USER_PROFILE', 'UPDATE')
    : hasAccess(actor.permissions, 'USER_ACCESS', 'UPDATE');
  if (!allowed) throw AppError.forbidden();
  const scope = own ? ({ kind: 'all' } as const) : userAccessScope(actor, 'UPDATE');
  // Scope before the photo check, so another office's user is not found rather than told about files.
  if (!own && !(await findUserById(db, target, scope))) throw AppError.notFound('User');
  if (changes.imageUrl) await checkPhotoOf(db, target, changes.imageUrl);
  return changeUser(db, actor, target, changes, 'user.update', scope);
}

/** SPEC §7 photo: imageUrl may only point at a photo uploaded for this very user (not someone else's file). */
async function checkPhotoOf(db: Db, userId: string, imageUrl: string): Promise<void> {
  const fileId = fileIdFromUrl(imageUrl);
  if (!fileId || !(await isStoredPhotoOf(db, fileId, userId))) {
    throw AppError.validation(USER_MESSAGES.imageUrl, { imageUrl: USER_MESSAGES.imageUrl });
  }
}

/** Who may change a user's photo: the user with USER_PROFILE UPDATE (SPEC §6), or USER_ACCESS UPDATE (in its offices). */
function mayEditProfileOf(actor: Actor, userId: string): boolean {
  return userId === actor.userId
    ? hasAccess(actor.permissions, 'USER_PROFILE', 'UPDATE')
    : hasAccess(actor.permissions, 'USER_ACCESS', 'UPDATE');
}

/** SPEC §7 photo: a short-lived signed location to PUT the image to; the profile save then sets imageUrl. */
export async function requestPhotoUpload(
  db: Db,
  files: Files,
  actor: Actor,
  request: PhotoUploadRequest,
): Promise<PhotoUploadResponse> {
  // Permission before existence, so the answer says nothing about ids the caller may not touch.
  if (!mayEditProfileOf(actor, request.userId)) throw AppError.forbidden();
  if (request.userId !== actor.userId && !(await findUserById(db, request.userId, userAccessScope(actor, 'UPDATE')))) {
    throw AppError.notFound('User');
  }
  return requestUpload(db, files, actor, {
    ownerUserId: request.userId,
    purpose: 'USER_PHOTO',
    filename: request.filename,
  });
}

/** The office page's people: every user of the office; the offices module checks who may read them. */
export async function listOfficeUsers(db: Db, officeId: string): Promise<OfficeUser[]> {
  return findUsersOfOffice(db, officeId);
}

/** Pickers: every enabled user, id and name only, so any signed-in user may have it. */
export async function listActiveUsers(db: Db): Promise<UserMin[]> {
  return findActiveUsersMin(db);
}

/**
 * The choose-assignee modal of SMS category changes (SPEC §2): callers who may change an SMS (SMS UPDATE)
 * see users of the offices their SMS UPDATE reaches; USER_ACCESS READ sees everyone. Nobody else.
 */
export async function listUsersByRole(db: Db, actor: Actor, role: Role): Promise<UserByRole[]> {
  if (hasAccess(actor.permissions, 'USER_ACCESS', 'READ')) return findUsersByRole(db, role, { kind: 'all' });
  if (!hasAccess(actor.permissions, 'SMS', 'UPDATE')) throw AppError.forbidden();
  // The assignee's offices only: the category is judged when the text is changed.
  return findUsersByRole(db, role, scopeOf(actor.permissions, 'SMS', 'UPDATE', 'OFFICE', ['SMS_CATEGORY_TYPE']));
}

/**
 * Enables or disables another user's account (USER_ACCESS UPDATE in their office, as for their other
 * fields). A disabled account loses access at once (SPEC §6: Access Denied): every actor cache is
 * emptied and the user's live sockets close on every instance, since an open socket is not checked again.
 */
export async function setAccountEnabled(
  db: Db,
  bus: RealtimeBus,
  actor: Actor,
  userId: string,
  enabled: boolean,
): Promise<UserDetail> {
  if (userId === actor.userId || !hasAccess(actor.permissions, 'USER_ACCESS', 'UPDATE')) throw AppError.forbidden();
  const scope = userAccessScope(actor, 'UPDATE');
  const changed = await changeUser(
    db,
    actor,
    userId,
    { accountEnabled: enabled },
    enabled ? 'user.enable' : 'user.disable',
    scope,
  );
  if (!enabled) await bus.publish({ userIds: [userId], close: 'accountDisabled' });
  return changed;
}

/** The account fields access administration sets, inside its transaction; it audits them with its reason. */
export type AccountFields = Partial<Pick<UserDetail, 'role' | 'accountEnabled' | 'defaultDashboard' | 'officeId'>>;

export async function writeAccountFields(db: Db, userId: string, changes: AccountFields): Promise<void> {
  if (Object.keys(changes).length > 0) await updateUserRow(db, userId, changes);
}

/** What the firm's directory says about a person (SCIM, Microsoft Graph); the directory module writes it. */
export type DirectoryFields = Partial<
  Pick<UserDetail, 'displayName' | 'mail' | 'jobTitle' | 'officeId' | 'accountEnabled'>
>;

export async function findUserByMail(db: Db, mail: string): Promise<UserDetail | undefined> {
  return findUserByEmail(db, mail);
}

export async function findUserDetail(db: Db, userId: string): Promise<UserDetail | undefined> {
  return findUserById(db, userId);
}

/** A person the directory brings: an operator with no permissions until an administrator gives some. */
export async function createDirectoryUser(
  db: Db,
  fields: Required<Pick<DirectoryFields, 'displayName' | 'mail'>> & DirectoryFields,
): Promise<UserDetail> {
  return insertUser(db, { ...fields, role: 'OPERATOR', accountEnabled: fields.accountEnabled ?? true });
}

export async function writeDirectoryFields(
  db: Db,
  userId: string,
  fields: DirectoryFields,
): Promise<UserDetail | undefined> {
  return updateUserRow(db, userId, fields);
}

export async function updateDefaultDashboard(db: Db, actor: Actor, defaultDashboard: DefaultDashboard) {
  return changeUser(db, actor, actor.userId, { defaultDashboard }, 'user.update_dashboard');
}

async function changeUser(
  db: Db,
  actor: Actor,
  userId: string,
  changes: UserRowChanges,
  action: string,
  scope: Scope = { kind: 'all' },
) {
  const changed = await db.transaction(async (tx) => {
    const before = await findUserById(tx, userId, scope);
    if (!before) throw AppError.notFound('User');
    const after = await updateUserRow(tx, userId, changes);
    await recordAudit(tx, {
      actorId: actor.userId,
      action,
      entity: 'user',
      entityId: userId,
      before: pick(before, Object.keys(changes)),
      after: changes,
      ip: actor.ip,
      requestId: actor.requestId,
    });
    return after!;
  });
  notifyActorsChanged();
  return changed;
}

function pick<T extends object>(record: T, keys: string[]): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => keys.includes(key))) as Partial<T>;
}

/** SPEC §2 User Directory: every enabled colleague, searchable by name or phone. */
export async function searchDirectory(database: Pick<Database, 'db' | 'cursor'>, request: UserDirectoryRequest) {
  return findDirectoryPage(database, request);
}
