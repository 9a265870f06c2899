import type { Scope } from '@casedesk/contract/access/permissions';
import { scopeOf } from '@casedesk/contract/access/permissions';
import type { ReportName } from '@casedesk/contract/reports/report';
import { REPORT_PERMISSIONS } from '@casedesk/contract/reports/report';
import type { Actor } from '../../platform/auth/actor.ts';

/**
 * The offices a caller reads a report in: the union of the OFFICE conditions of every permission that opens
 * it (REPORT_PERMISSIONS); a permission the caller lacks adds nothing (scope none).
 */
export function reportScopes(actor: Pick<Actor, 'permissions'>, report: ReportName): Scope[] {
  return REPORT_PERMISSIONS[report].map((type) => scopeOf(actor.permissions, type, 'READ', 'OFFICE'));
}
