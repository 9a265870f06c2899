import { hasAccessAs, type AccessType, type PermissionType } from '@casedesk/contract/access/permissions';
import type { Role } from '@casedesk/contract/users/user';
import type { RouteRequirement } from '@/config/route-access.ts';
import type { Session } from './session-context.ts';

/** What an access decision needs to know about the signed-in user. */
export interface AccessSubject {
  permissions: Session['permissions'];
  role: Role;
}

export function subjectOf(session: Session): AccessSubject {
  return { permissions: session.permissions, role: session.user.role };
}

/**
 * SPEC §6: the user holds the access level, and its conditions on the user's role hold for the
 * signed-in user (e.g. the collections screens for the ADMIN or MANAGER role condition). Office and
 * SMS-category conditions are about records; they narrow data, not screens.
 */
export function can(subject: AccessSubject, permissionType: PermissionType, accessType: AccessType = 'READ'): boolean {
  return hasAccessAs(subject.permissions, subject.role, permissionType, accessType);
}

/** A route is reachable with READ on any one of its permission types. */
export function meetsRequirement(subject: AccessSubject, requirement: RouteRequirement | undefined): boolean {
  if (!requirement) return true;
  return requirement.anyOf.some((type) => can(subject, type, 'READ'));
}
