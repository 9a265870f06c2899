import { COLLECTION_ACCOUNT_MESSAGES } from '@casedesk/contract/collections/account';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus.ts';
import { notifyUsers } from '../notifications/notifications.service.ts';
import type { NewAccountEvent } from './collection-events.repository.ts';
import { findTerm } from './collection-events.repository.ts';

/** What every change to accounts shares: its dependencies, its checks, its events and its notifications. */

export interface AccountChangeDeps {
  db: Db;
  realtime: RealtimeBus;
}

export const AUDIT_ENTITY = 'collection_accounts';

/** The term an account is put on must exist and be offered (400 on `termId` otherwise). */
export async function requireTerm(tx: Db, termId: string) {
  const term = await findTerm(tx, termId);
  if (!term?.active) {
    throw AppError.validation(COLLECTION_ACCOUNT_MESSAGES.term, { termId: COLLECTION_ACCOUNT_MESSAGES.term });
  }
  return term;
}

export function refuseClosed(): never {
  throw new AppError('BUSINESS_RULE', COLLECTION_ACCOUNT_MESSAGES.closedAccount);
}

interface Assigned {
  id: string;
  accountNumber: number;
}

/** ACCOUNT notifications (SPEC §4: they open the account page) for the collector given accounts by someone else. */
export async function notifyAssigned(
  tx: Db,
  bus: RealtimeBus,
  actor: Actor,
  collectorId: string,
  accounts: Assigned[],
) {
  if (collectorId === actor.userId) return;
  for (const account of accounts) {
    await notifyUsers(tx, bus, {
      userIds: [collectorId],
      notificationType: 'ACCOUNT',
      notificationId: account.id,
      description: `Account ${account.accountNumber} was assigned to you by ${actor.self.displayName}`,
    });
  }
}

export const assignmentEvent = (accountId: string, actor: Actor, name: string | null, detail: string | null) =>
  ({
    accountId,
    kind: 'ASSIGNMENT',
    title: name ? `Assigned to ${name}` : 'Unassigned',
    detail,
    byId: actor.userId,
  }) satisfies NewAccountEvent;
