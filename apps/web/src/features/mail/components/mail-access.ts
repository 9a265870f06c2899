import { applyRoleConditions, hasAccessAs, scopeOf, type AccessType } from '@casedesk/contract/access/permissions';
import type { Session } from '@/lib/session-context.ts';

/** Whether the user holds a MAIL level at all; the server judges the office of each e-mail or letter. */
export const canMail = (session: Session, access: AccessType) =>
  hasAccessAs(session.permissions, session.user.role, 'MAIL', access);

/** Stopping the embedded SMTP server is for a MAIL UPDATE without an office condition (it serves every office). */
export function canControlTransport(session: Session): boolean {
  const permissions = applyRoleConditions(session.permissions, session.user.role);
  return scopeOf(permissions, 'MAIL', 'UPDATE', 'OFFICE').kind === 'all';
}
