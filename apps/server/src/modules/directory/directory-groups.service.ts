import type { DirectoryGroup, MapDirectoryGroup } from '@casedesk/contract/directory/directory-groups';
import { hasAccess, scopeOf } from '@casedesk/contract/access/permissions';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus.ts';
import { announceAccessChanges } from '../access/access-admin.service.ts';
import { applyDirectoryProfile } from '../access/access-profiles.service.ts';
import { findGroup, findGroupsWithCounts, findMemberIds, updateGroup } from './directory.repository.ts';

export async function listDirectoryGroups(db: Db, actor: Actor): Promise<DirectoryGroup[]> {
  if (!hasAccess(actor.permissions, 'USER_ACCESS', 'READ')) throw AppError.forbidden();
  return findGroupsWithCounts(db);
}

/**
 * Maps a directory group to a permission profile: its members get the profile now, and members added later
 * get it when the directory adds them. Groups span offices, so this needs USER_ACCESS UPDATE with no office
 * condition, as writing a profile does.
 */
export async function mapDirectoryGroup(
  db: Db,
  bus: RealtimeBus,
  actor: Actor,
  groupId: string,
  request: MapDirectoryGroup,
): Promise<DirectoryGroup> {
  if (scopeOf(actor.permissions, 'USER_ACCESS', 'UPDATE', 'OFFICE').kind !== 'all') throw AppError.forbidden();
  const changed = await db.transaction(async (tx) => {
    const group = await findGroup(tx, groupId);
    if (!group) throw AppError.notFound('Group');
    await updateGroup(tx, group.id, { profileId: request.profileId });
    if (!request.profileId) return [];
    const members: string[] = [];
    for (const userId of await findMemberIds(tx, group.id)) {
      const reason = `Directory group ${group.displayName}: ${request.reason}`;
      const author = { userId: actor.userId, ip: actor.ip, requestId: actor.requestId };
      if (await applyDirectoryProfile(tx, userId, request.profileId, reason, author)) members.push(userId);
    }
    return members;
  });
  await announceAccessChanges(db, bus, changed);
  const mapped = (await findGroupsWithCounts(db)).find((group) => group.id === groupId);
  return mapped!;
}
