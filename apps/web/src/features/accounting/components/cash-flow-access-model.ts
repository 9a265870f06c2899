import {
  CASH_FLOW_PERMISSION_TYPES,
  type CashFlowPermissionType,
} from '@casedesk/contract/accounting/cash-flow-access';
import { ACCESS_TYPES, type AccessType, type Permission } from '@casedesk/contract/access/permissions';

export const CASH_FLOW_PERMISSION_LABELS: Record<CashFlowPermissionType, string> = {
  CASH_FLOW: 'Cash flow',
  CASH_FLOW_RECON: 'Recon',
  CASH_FLOW_MANAGEMENT: 'Management',
};

export const ACCESS_TYPE_LABELS: Record<AccessType, string> = { READ: 'Read', CREATE: 'Create', UPDATE: 'Update' };

/** One permission type as the screen edits it: its levels, and the offices they reach (none chosen = all). */
export interface CashFlowAccessChoice {
  levels: AccessType[];
  officeIds: string[];
}
export type CashFlowAccessChoices = Record<CashFlowPermissionType, CashFlowAccessChoice>;

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

/** The user's cash-flow permissions as the edit form's choices. */
export function choicesOf(permissions: readonly Permission[]): CashFlowAccessChoices {
  const entries = CASH_FLOW_PERMISSION_TYPES.map((type) => {
    const permission = permissions.find((p) => p.permissionType === type);
    const levels = ACCESS_TYPES.filter((a) => permission?.accessLevelDTO.some((l) => l.accessType === a));
    const officeIds = permission?.accessLevelDTO.map((l) => officeIdsOf(l.conditionDTO)).find(Boolean) ?? [];
    return [type, { levels, officeIds: [...officeIds] }] as const;
  });
  return Object.fromEntries(entries) as CashFlowAccessChoices;
}

/** The form's choices as the permissions PUT updateAccessControl replaces the user's cash-flow part with. */
export function permissionsOf(choices: CashFlowAccessChoices): Permission[] {
  return CASH_FLOW_PERMISSION_TYPES.filter((type) => choices[type].levels.length > 0).map((type) => {
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
export function describeAccess(permission: Permission | undefined, officeName: (officeId: string) => string): string {
  if (!permission || permission.accessLevelDTO.length === 0) return '—';
  const levels = ACCESS_TYPES.filter((a) => permission.accessLevelDTO.some((l) => l.accessType === a))
    .map((a) => ACCESS_TYPE_LABELS[a])
    .join(', ');
  if (!isPlainOfficeAccess(permission)) return `${levels} · other conditions`;
  const officeIds = choicesOf([permission])[permission.permissionType as CashFlowPermissionType].officeIds;
  const reach = officeIds.length ? officeIds.map(officeName).join(', ') : 'All offices';
  return `${levels} · ${reach}`;
}
