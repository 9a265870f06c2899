import { allowsRecord, applyRoleConditions, scopeOf } from '@casedesk/contract/access/permissions';
import type { Session } from '@/lib/session-context.ts';

const permissionsOf = (session: Session) => applyRoleConditions(session.permissions, session.user.role);

/** As the server decides it: a new office is inside no office condition, so OFFICE CREATE must have none. */
export function canCreateOffice(session: Session): boolean {
  return scopeOf(permissionsOf(session), 'OFFICE', 'CREATE', 'OFFICE').kind === 'all';
}

/** OFFICE UPDATE reaching this office (SPEC §6 office condition): edit, deactivate, holidays, attorneys. */
export function canUpdateOffice(session: Session, officeId: string): boolean {
  return allowsRecord(permissionsOf(session), 'OFFICE', 'UPDATE', { OFFICE: officeId });
}

/** Moving an attorney in also needs ATTORNEY_SCHEDULE UPDATE reaching the office they leave. */
export function canMoveAttorneyFrom(session: Session, officeId: string): boolean {
  return allowsRecord(permissionsOf(session), 'ATTORNEY_SCHEDULE', 'UPDATE', { OFFICE: officeId });
}
