import type { AccessType, PermissionType } from '@casedesk/contract/access/permissions';
import type { Condition, Permission } from '@casedesk/contract/access/permission-schemas';
import { findAccessLevel } from '@casedesk/contract/access/permissions';

/**
 * The permission editor's edits, as plain functions over the list the server stores: a level is there or
 * not, and carries its conditions. Types left with no level drop out, so the list sent holds only grants.
 */
export function hasLevel(list: readonly Permission[], type: PermissionType, access: AccessType): boolean {
  return findAccessLevel(list, type, access) !== undefined;
}

export function conditionsOf(list: readonly Permission[], type: PermissionType, access: AccessType): Condition[] {
  return findAccessLevel(list, type, access)?.conditionDTO ?? [];
}

function withLevels(
  list: readonly Permission[],
  type: PermissionType,
  change: (levels: Permission['accessLevelDTO']) => Permission['accessLevelDTO'],
): Permission[] {
  const current = list.find((p) => p.permissionType === type)?.accessLevelDTO ?? [];
  const levels = change(current);
  const others = list.filter((p) => p.permissionType !== type);
  return levels.length === 0 ? others : [...others, { permissionType: type, accessLevelDTO: levels }];
}

/** Grants the level (with no conditions) or takes it away. */
export function toggleLevel(list: readonly Permission[], type: PermissionType, access: AccessType, on: boolean) {
  return withLevels(list, type, (levels) => {
    const rest = levels.filter((level) => level.accessType !== access);
    return on ? [...rest, { accessType: access, conditionDTO: [] }] : rest;
  });
}

export function setConditions(
  list: readonly Permission[],
  type: PermissionType,
  access: AccessType,
  conditions: Condition[],
): Permission[] {
  return withLevels(list, type, (levels) =>
    levels.map((level) => (level.accessType === access ? { ...level, conditionDTO: conditions } : level)),
  );
}

/** Same grants in any order: the page compares with what is stored to know whether it has changes. */
export function samePermissions(a: readonly Permission[], b: readonly Permission[]): boolean {
  const key = (list: readonly Permission[]) =>
    JSON.stringify(
      [...list]
        .map((p) => ({
          ...p,
          accessLevelDTO: [...p.accessLevelDTO].sort((x, y) => x.accessType.localeCompare(y.accessType)),
        }))
        .sort((x, y) => x.permissionType.localeCompare(y.permissionType)),
    );
  return key(a) === key(b);
}
