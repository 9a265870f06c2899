import type { ScimGroupInput, ScimListQuery, ScimPatch } from '@casedesk/contract/directory/scim';
import { parseScimFilter, SCIM_MESSAGES, SCIM_SCHEMAS } from '@casedesk/contract/directory/scim';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus.ts';
import { announceAccessChanges } from '../access/access-admin.service.ts';
import { applyDirectoryProfile } from '../access/access-profiles.service.ts';
import type { DirectoryGroupRow } from './directory.repository.ts';
import {
  addMembers,
  deleteGroup,
  findGroup,
  findGroups,
  findMemberIds,
  insertGroup,
  removeMembers,
  updateGroup,
} from './directory.repository.ts';
import { listResponse } from './scim-users.service.ts';

async function scimGroup(db: Db, group: DirectoryGroupRow, baseUrl: string) {
  const members = await findMemberIds(db, group.id);
  return {
    schemas: [SCIM_SCHEMAS.group],
    id: group.id,
    ...(group.externalId ? { externalId: group.externalId } : {}),
    displayName: group.displayName,
    members: members.map((value) => ({ value, $ref: `${baseUrl}/Users/${value}` })),
    meta: { resourceType: 'Group', location: `${baseUrl}/Groups/${group.id}` },
  };
}

async function requireGroup(db: Db, id: string): Promise<DirectoryGroupRow> {
  const group = await findGroup(db, id);
  if (!group) throw AppError.notFound('Group');
  return group;
}

const GROUP_FILTERS = ['displayName', 'externalId', 'id'] as const;

export async function listScimGroups(db: Db, query: ScimListQuery, baseUrl: string) {
  let filter: { attribute: (typeof GROUP_FILTERS)[number]; value: string } | undefined;
  if (query.filter) {
    const parsed = parseScimFilter(query.filter);
    const attribute = GROUP_FILTERS.find((a) => a.toLowerCase() === parsed?.attribute.toLowerCase());
    if (!parsed || !attribute) throw AppError.validation(SCIM_MESSAGES.filter);
    filter = { attribute, value: parsed.value };
  }
  const groups = await findGroups(db, 'SCIM', filter);
  const page = groups.slice(query.startIndex - 1, query.startIndex - 1 + query.count);
  return listResponse(await Promise.all(page.map((g) => scimGroup(db, g, baseUrl))), groups.length, query.startIndex);
}

export async function getScimGroup(db: Db, id: string, baseUrl: string) {
  return scimGroup(db, await requireGroup(db, id), baseUrl);
}

/**
 * New members of a group mapped to a profile get the profile's permissions, in the caller's transaction;
 * returns the users whose access changed, to announce after commit.
 */
async function joinGroup(tx: Db, group: DirectoryGroupRow, userIds: string[]): Promise<string[]> {
  const added = await addMembers(tx, group.id, userIds);
  if (!group.profileId) return [];
  const changed: string[] = [];
  for (const userId of added) {
    if (await applyDirectoryProfile(tx, userId, group.profileId, `Directory group ${group.displayName}`))
      changed.push(userId);
  }
  return changed;
}

export async function createScimGroup(db: Db, bus: RealtimeBus, input: ScimGroupInput, baseUrl: string) {
  const { group, changed } = await db.transaction(async (tx) => {
    const created = await insertGroup(tx, 'SCIM', input.displayName, input.externalId ?? null);
    return {
      group: created,
      changed: await joinGroup(
        tx,
        created,
        (input.members ?? []).map((m) => m.value),
      ),
    };
  });
  await announceAccessChanges(db, bus, changed);
  return scimGroup(db, group, baseUrl);
}

export async function replaceScimGroup(db: Db, bus: RealtimeBus, id: string, input: ScimGroupInput, baseUrl: string) {
  const changed = await db.transaction(async (tx) => {
    const group = await requireGroup(tx, id);
    await updateGroup(tx, group.id, { displayName: input.displayName });
    await removeMembers(tx, group.id, 'all');
    return joinGroup(
      tx,
      { ...group, displayName: input.displayName },
      (input.members ?? []).map((m) => m.value),
    );
  });
  await announceAccessChanges(db, bus, changed);
  return getScimGroup(db, id, baseUrl);
}

const memberValues = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap((m) => (m && typeof m === 'object' && 'value' in m ? [String(m.value)] : []))
    : [];

/**
 * PATCH /Groups/{id} as the providers send it: `add` members with a list of {value}; `remove` them by
 * `members[value eq "id"]` (Entra) or with a list (Okta); `replace` the displayName or the whole list.
 */
export async function patchScimGroup(db: Db, bus: RealtimeBus, id: string, patch: ScimPatch, baseUrl: string) {
  const changed = await db.transaction(async (tx) => {
    let group = await requireGroup(tx, id);
    const changedUsers: string[] = [];
    for (const { op, path, value } of patch.Operations) {
      const target = path?.toLowerCase() ?? '';
      const filtered = path ? /^members\[value eq "([^"]+)"\]$/i.exec(path) : null;
      if (target === 'displayname' || (!path && value && typeof value === 'object' && 'displayName' in value)) {
        const displayName = String(target ? value : (value as { displayName: unknown }).displayName);
        await updateGroup(tx, group.id, { displayName });
        group = { ...group, displayName };
      } else if (filtered && op === 'remove') await removeMembers(tx, group.id, [filtered[1]!]);
      else if (target === 'members' && op === 'remove')
        await removeMembers(tx, group.id, value ? memberValues(value) : 'all');
      else if (target === 'members' && op === 'replace') {
        await removeMembers(tx, group.id, 'all');
        changedUsers.push(...(await joinGroup(tx, group, memberValues(value))));
      } else if (target === 'members' && op === 'add')
        changedUsers.push(...(await joinGroup(tx, group, memberValues(value))));
    }
    return changedUsers;
  });
  await announceAccessChanges(db, bus, changed);
  return getScimGroup(db, id, baseUrl);
}

/** The group goes; its members keep the access they have (an administrator takes it away if need be). */
export async function deleteScimGroup(db: Db, id: string): Promise<void> {
  await requireGroup(db, id);
  await deleteGroup(db, id);
}
