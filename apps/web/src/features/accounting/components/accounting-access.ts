import {
  applyRoleConditions,
  hasAccessAs,
  scopeAllows,
  scopeOf,
  type AccessType,
  type PermissionType,
} from '@casedesk/contract/access/permissions';
import type { Session } from '@/lib/session-context.ts';

const holds = (session: Session, type: PermissionType, access: AccessType) =>
  hasAccessAs(session.permissions, session.user.role, type, access);

/**
 * Whether the buttons show. The office conditions are the server's to judge per record (it answers 404 outside
 * the caller's offices), so a screen only asks whether the level is held at all.
 */
export const canEnterPayment = (session: Session) => holds(session, 'CASH_FLOW', 'CREATE');
export const canReversePayment = (session: Session) => holds(session, 'CASH_FLOW', 'UPDATE');
export const canReconcile = (session: Session) => holds(session, 'CASH_FLOW_RECON', 'CREATE');
export const canReopenRecon = (session: Session) => holds(session, 'CASH_FLOW_RECON', 'UPDATE');
export const canManageCashFlowAccess = (session: Session) => holds(session, 'CASH_FLOW_MANAGEMENT', 'UPDATE');

/**
 * The offices a payment may be entered for: those the office condition of CASH_FLOW CREATE reaches (its role
 * conditions judged for the signed-in user first). The server checks the office again on save.
 */
export function cashFlowEntryOffices<Office extends { id: string }>(session: Session, offices: readonly Office[]) {
  const permissions = applyRoleConditions(session.permissions, session.user.role);
  const scope = scopeOf(permissions, 'CASH_FLOW', 'CREATE', 'OFFICE');
  return offices.filter((office) => scopeAllows(scope, office.id));
}
