import { ACCESS_TYPES, type AccessType, type PermissionType } from '@casedesk/contract/access/permissions';
import type { Permission } from '@casedesk/contract/access/permission-schemas';

/**
 * The office-access screens (cash-flow management, collection access control) edit a few permission types of a
 * user as levels plus the offices they reach. This is that model, for any such set of types.
 */
export const ACCESS_TYPE_LABELS: Record<AccessType, string> = { READ: 'Read', CREATE: 'Create', UPDATE: 'Update' };

/** One permission type as the screen edits it: its levels, and the offices they reach (none chosen = all). */
export interface OfficeAccessChoice {
  levels: AccessType[];
  officeIds: string[];
}
export type OfficeAccessChoices<T extends PermissionType> = Record<T, OfficeAccessChoice>;

const officeIdsOf = (conditions: Permission['accessLevelDTO'][number]['conditionDTO']) =>
  conditions.length === 1 && conditions[0]!.conditionType === 'OFFICE' && conditions[0]!.relationType === 'EQUALS'
    ? conditions[0]!.values
    : null;

/**
 * Whether the screen can show this permission as it is: every level with no condition, or all with the same
 * "office is one of" condition. Anything else (other conditions, levels reaching different offices) is set in
 * user access administration; saving here would replace it.
 */
export function isPlainOfficeAccess(permission: Permission): boolean {
  const shapes = permission.accessLevelDTO.map((level) =>
    level.conditionDTO.length === 0 ? '' : (officeIdsOf(level.conditionDTO)?.toSorted().join(',') ?? null),
  );
  return shapes.every((shape) => shape !== null && shape === shapes[0]);
}

/** The user's permissions of these types as the edit form's choices. */
export function officeChoicesOf<T extends PermissionType>(
  types: readonly T[],
  permissions: readonly Permission[],
): OfficeAccessChoices<T> {
  const entries = types.map((type) => {
    const permission = permissions.find((p) => p.permissionType === type);
    const levels = ACCESS_TYPES.filter((a) => permission?.accessLevelDTO.some((l) => l.accessType === a));
    const officeIds = permission?.accessLevelDTO.map((l) => officeIdsOf(l.conditionDTO)).find(Boolean) ?? [];
    return [type, { levels, officeIds: [...officeIds] }] as const;
  });
  return Object.fromEntries(entries) as OfficeAccessChoices<T>;
}

/** The form's choices as the permissions that replace the user's part of these types. */
export function officePermissionsOf<T extends PermissionType>(
  types: readonly T[],
  choices: OfficeAccessChoices<T>,
): Permission[] {
  return types
    .filter((type) => choices[type].levels.length > 0)
    .map((type) => {
      const { levels, officeIds } = choices[type];
      const conditionDTO = officeIds.length
        ? [{ conditionType: 'OFFICE' as const, relationType: 'EQUALS' as const, values: officeIds }]
        : [];
      return {
        permissionType: type,
        accessLevelDTO: ACCESS_TYPES.filter((a) => levels.includes(a)).map((accessType) => ({
          accessType,
          conditionDTO,
        })),
      };
    });
}

/** "Read, Create · Dallas, Phoenix", "Read · All offices", or "—" when the type is not held. */
export function describeOfficeAccess(
  permission: Permission | undefined,
  officeName: (officeId: string) => string,
): string {
  if (!permission || permission.accessLevelDTO.length === 0) return '—';
  const levels = ACCESS_TYPES.filter((a) => permission.accessLevelDTO.some((l) => l.accessType === a))
    .map((a) => ACCESS_TYPE_LABELS[a])
    .join(', ');
  if (!isPlainOfficeAccess(permission)) return `${levels} · other conditions`;
  const officeIds = officeChoicesOf([permission.permissionType], [permission])[permission.permissionType].officeIds;
  const reach = officeIds.length ? officeIds.map(officeName).join(', ') : 'All offices';
  return `${levels} · ${reach}`;
}
