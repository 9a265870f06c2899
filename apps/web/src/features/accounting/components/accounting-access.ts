import { hasAccessAs, type AccessType, type PermissionType } from '@casedesk/contract/access/permissions';
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
