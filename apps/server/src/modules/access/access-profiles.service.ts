import type { AccessProfile, AccessProfileWrite, ApplyProfile } from '@casedesk/contract/access/access-admin';
import { ACCESS_ADMIN_MESSAGES } from '@casedesk/contract/access/access-admin';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus.ts';
import type { AccessAuthor } from './access-admin.service.ts';
import {
  announceAccessChanges,
  loadGrantor,
  refuseEscalation,
  requireUserAccessRow,
  userAccessScope,
  writeUserAccess,
} from './access-admin.service.ts';
import {
  findProfile,
  findProfileMemberIds,
  findProfiles,
  findUserAccessRow,
  insertProfile,
  updateProfileRow,
} from './access-admin.repository.ts';
import { findPermissionsOfUser } from './access.repository.ts';

export async function listProfiles(db: Db, actor: Actor): Promise<AccessProfile[]> {
  userAccessScope(actor, 'READ');
  return findProfiles(db);
}

/**
 * Profiles are shared by every office, so writing one needs USER_ACCESS UPDATE with no office condition;
 * an office's administrator applies them. Its levels must be ones the writer may grant.
 */
async function requireProfileWriter(db: Db, actor: Actor, permissions: AccessProfileWrite['permissions'], before = []) {
  if (userAccessScope(actor, 'UPDATE').kind !== 'all') throw AppError.forbidden();
  await refuseEscalation(db, actor, { role: actor.role, officeId: null }, before, { permissions });
}

async function withUniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(ACCESS_ADMIN_MESSAGES.profileNameTaken);
    throw error;
  }
}

export async function createProfile(db: Db, actor: Actor, write: AccessProfileWrite): Promise<AccessProfile> {
  await requireProfileWriter(db, actor, write.permissions);
  const id = await withUniqueName(() => insertProfile(db, write.name, write.permissions));
  return { id, name: write.name, permissions: write.permissions, memberCount: 0 };
}

/** A profile's change reaches everyone who follows it, each audited with the reason, in one transaction. */
export async function updateProfile(
  db: Db,
  bus: RealtimeBus,
  actor: Actor,
  id: string,
  write: AccessProfileWrite,
): Promise<AccessProfile> {
  const members = await db.transaction(async (tx) => {
    const profile = await findProfile(tx, id);
    if (!profile) throw AppError.notFound('Profile');
    await requireProfileWriter(tx, actor, write.permissions, profile.permissions as never);
    await withUniqueName(() => updateProfileRow(tx, id, write.name, write.permissions));
    const memberIds = await findProfileMemberIds(tx, id);
    for (const userId of memberIds) {
      const row = await requireUserAccessRow(tx, actor, userId, 'UPDATE', true);
      await writeUserAccess(tx, actor, userId, row, {
        fields: {},
        permissions: write.permissions,
        profileId: id,
        reason: write.reason,
      });
    }
    return memberIds;
  });
  await announceAccessChanges(db, bus, members);
  return { id, name: write.name, permissions: write.permissions, memberCount: members.length };
}

/** Gives several users a profile's permissions at once; they follow it from then on. All or none. */
export async function applyProfile(db: Db, bus: RealtimeBus, actor: Actor, request: ApplyProfile) {
  const userIds = [...new Set(request.userIds)];
  if (userIds.includes(actor.userId)) throw AppError.forbiddenBecause(ACCESS_ADMIN_MESSAGES.ownAccess);
  await db.transaction(async (tx) => {
    const profile = await findProfile(tx, request.profileId);
    if (!profile) throw AppError.notFound('Profile');
    const grantor = await loadGrantor(tx, actor);
    for (const userId of userIds) {
      const row = await requireUserAccessRow(tx, actor, userId, 'UPDATE', true);
      const before = await findPermissionsOfUser(tx, userId);
      await refuseEscalation(tx, actor, row, before, { permissions: profile.permissions }, grantor);
      await writeUserAccess(tx, actor, userId, row, {
        fields: {},
        permissions: profile.permissions,
        profileId: profile.id,
        reason: request.reason,
      });
    }
  });
  await announceAccessChanges(db, bus, userIds);
  return { updated: userIds.length };
}

/**
 * The directory put a user in a group mapped to a profile: they get its permissions and follow it, audited
 * with no administrator (the directory did it), or the one who mapped the group, and the group named in the
 * reason. False when the profile is gone. Runs in the caller's transaction; the caller announces the change
 * after commit.
 */
export async function applyDirectoryProfile(
  tx: Db,
  userId: string,
  profileId: string,
  reason: string,
  author: AccessAuthor = { userId: null },
): Promise<boolean> {
  const profile = await findProfile(tx, profileId);
  const row = profile && (await findUserAccessRow(tx, userId, { kind: 'all' }, true));
  if (!profile || !row) return false;
  return writeUserAccess(tx, author, userId, row, {
    fields: {},
    permissions: profile.permissions,
    profileId,
    reason,
  });
}
