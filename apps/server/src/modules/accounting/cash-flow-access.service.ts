import type { AccessType } from '@casedesk/contract/access/permissions';
import { scopeOf } from '@casedesk/contract/access/permissions';
import { ACCESS_ADMIN_MESSAGES } from '@casedesk/contract/access/access-admin';
import { ungrantableLevels } from '@casedesk/contract/access/access-rules';
import type {
  CashFlowAccess,
  CashFlowAccessChange,
  CashFlowAccessUser,
} from '@casedesk/contract/accounting/cash-flow-access';
import {
  cashFlowPermissionsOf,
  PAYMENT_TYPE_OPTIONS,
  withCashFlowPermissions,
} from '@casedesk/contract/accounting/cash-flow-access';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus.ts';
import { announceAccessChanges, loadGrantor, writeUserAccess } from '../access/access-admin.service.ts';
import { findPermissionsOfUser } from '../access/access.service.ts';
import { findCashFlowPermissions, findManagedUsers } from './cash-flow-access.repository.ts';

/** CASH_FLOW_MANAGEMENT's office condition is about the user managed (their office), as USER_ACCESS's is. */
const manageScope = (actor: Actor, access: AccessType) =>
  scopeOf(actor.permissions, 'CASH_FLOW_MANAGEMENT', access, 'OFFICE');

/** GET /cashFlow/accessControl: the users the caller manages, each with their cash-flow permissions. */
export async function cashFlowAccess(db: Db, actor: Actor): Promise<CashFlowAccess> {
  const rows = await findManagedUsers(db, manageScope(actor, 'READ'));
  const byUser = await findCashFlowPermissions(
    db,
    rows.map((r) => r.userId),
  );
  const users: CashFlowAccessUser[] = rows.map((r) => ({ ...r, permissions: byUser.get(r.userId) ?? [] }));
  return { users, paymentTypes: PAYMENT_TYPE_OPTIONS };
}

/**
 * PUT /cashFlow/updateAccessControl: replaces a user's cash-flow permissions (the rest stays) with the reason,
 * audited like every access change and in force from the user's next request. No escalation: the caller grants
 * only levels their own cover, and never changes their own access.
 */
export async function changeCashFlowAccess(
  db: Db,
  bus: RealtimeBus,
  actor: Actor,
  userId: string,
  change: CashFlowAccessChange,
): Promise<CashFlowAccessUser> {
  if (userId === actor.userId) throw AppError.forbiddenBecause(ACCESS_ADMIN_MESSAGES.ownAccess);
  const changed = await db.transaction(async (tx) => {
    const [user] = await findManagedUsers(tx, manageScope(actor, 'UPDATE'), userId, true);
    if (!user) throw AppError.notFound('User');
    const before = await findPermissionsOfUser(tx, userId);
    const { held, universe } = await loadGrantor(tx, actor);
    const refused = ungrantableLevels(held, actor.role, cashFlowPermissionsOf(before), change.permissions, universe);
    if (refused.length > 0) throw AppError.forbiddenBecause(ACCESS_ADMIN_MESSAGES.notHeld(refused.join(', ')));
    // Only permissions change here: the account fields given are for the audit's "before" of fields not written.
    return writeUserAccess(
      tx,
      actor,
      userId,
      { ...user, defaultDashboard: null },
      {
        fields: {},
        permissions: withCashFlowPermissions(before, change.permissions),
        reason: change.reason,
      },
    );
  });
  if (changed) await announceAccessChanges(db, bus, [userId]);
  const [user] = await findManagedUsers(db, manageScope(actor, 'READ'), userId);
  const byUser = await findCashFlowPermissions(db, [userId]);
  return { ...user!, permissions: byUser.get(userId) ?? [] };
}
