import {
  CASH_FLOW_PERMISSION_TYPES,
  type CashFlowPermissionType,
} from '@casedesk/contract/accounting/cash-flow-access';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import {
  describeOfficeAccess,
  officeChoicesOf,
  officePermissionsOf,
  type OfficeAccessChoices,
} from '@/components/access/office-access-model.ts';

export { isPlainOfficeAccess } from '@/components/access/office-access-model.ts';

export const CASH_FLOW_PERMISSION_LABELS: Record<CashFlowPermissionType, string> = {
  CASH_FLOW: 'Cash flow',
  CASH_FLOW_RECON: 'Recon',
  CASH_FLOW_MANAGEMENT: 'Management',
};

export type CashFlowAccessChoices = OfficeAccessChoices<CashFlowPermissionType>;

/** The user's cash-flow permissions as the edit form's choices. */
export const choicesOf = (permissions: readonly Permission[]): CashFlowAccessChoices =>
  officeChoicesOf(CASH_FLOW_PERMISSION_TYPES, permissions);

/** The form's choices as the permissions PUT updateAccessControl replaces the user's cash-flow part with. */
export const permissionsOf = (choices: CashFlowAccessChoices): Permission[] =>
  officePermissionsOf(CASH_FLOW_PERMISSION_TYPES, choices);

/** "Read, Create · Dallas, Phoenix", "Read · All offices", or "—" when the type is not held. */
export const describeAccess = describeOfficeAccess;
