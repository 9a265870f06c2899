import type { AccessAt, AccessHistoryEntry } from '@casedesk/contract/access/access-admin';
import { accessAsOf } from '@casedesk/contract/access/access-rules';
import type { Role } from '@casedesk/contract/users/user';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { requireUserAccessRow } from './access-admin.service.ts';
import { findUserAuditTrail } from './access-admin.repository.ts';
import { findPermissionsOfUser } from './access.repository.ts';

/** A user's access history: their audited changes, newest first, each with its reason. */
export async function userAccessHistory(db: Db, actor: Actor, userId: string): Promise<AccessHistoryEntry[]> {
  await requireUserAccessRow(db, actor, userId, 'READ');
  const rows = await findUserAuditTrail(db, userId);
  return rows.map(({ detail, before, after, ...row }) => ({
    ...row,
    reason:
      typeof (detail as { reason?: unknown } | null)?.reason === 'string'
        ? (detail as { reason: string }).reason
        : null,
    before: (before as Record<string, unknown> | null) ?? null,
    after: (after as Record<string, unknown> | null) ?? null,
  }));
}

/** The access the user had at a past moment: today's, with every audited change since undone. */
export async function userAccessAt(db: Db, actor: Actor, userId: string, at: string): Promise<AccessAt> {
  const row = await requireUserAccessRow(db, actor, userId, 'READ');
  const current = {
    role: row.role,
    accountEnabled: row.accountEnabled,
    officeId: row.officeId,
    permissions: await findPermissionsOfUser(db, userId),
  };
  const trail = (await findUserAuditTrail(db, userId)).map((entry) => ({
    occurredAt: entry.occurredAt,
    before: entry.before as Record<string, unknown> | null,
  }));
  const state = accessAsOf(current, trail, at);
  return { at, ...state, role: state.role as Role };
}
