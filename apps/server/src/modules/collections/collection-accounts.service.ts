import type { AccessType, Scope } from '@casedesk/contract/access/permissions';
import { applyRoleConditions, scopeAllows, scopeOf } from '@casedesk/contract/access/permissions';
import type {
  CollectionAccountDetail,
  CollectionAccountListRequest,
  CollectionAccountTotals,
  CollectionStatusOption,
  CollectorOption,
} from '@casedesk/contract/collections/account';
import { COLLECTION_ACCOUNT_MESSAGES, COLLECTION_STATUS_OPTIONS } from '@casedesk/contract/collections/account';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Database, Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { findAccountPage, findAccountRow, sumAccounts, sumCollected } from './collection-accounts.repository.ts';
import { findAccountWorkers, findOfficeIds, findStatusHistory } from './collection-events.repository.ts';

/** SPEC §6: ALL_ACCOUNTS at this level, by the account's office (docs/collections.md, "Who may do what"). */
export const accountScope = (actor: Pick<Actor, 'permissions'>, access: AccessType): Scope =>
  scopeOf(actor.permissions, 'ALL_ACCOUNTS', access, 'OFFICE');

export const accountNotFound = () => AppError.notFound('Collection account');

/** POST /collectionAccount/all: the accounts within the caller's ALL_ACCOUNTS READ offices. */
export async function listAccounts(
  database: Pick<Database, 'db' | 'cursor'>,
  actor: Actor,
  request: CollectionAccountListRequest,
) {
  return findAccountPage(database, request, accountScope(actor, 'READ'));
}

/**
 * POST /collectionAccount/allTotals: count, original, paid and outstanding of the rows the list shows, and with
 * a paid range the money collected in it (the dashboard's collected figure).
 */
export async function accountTotals(
  db: Db,
  actor: Actor,
  request: { filter?: CollectionAccountListRequest['filter'] },
): Promise<CollectionAccountTotals> {
  const scope = accountScope(actor, 'READ');
  const collectedCents = await sumCollected(db, request.filter, scope);
  const totals = await sumAccounts(db, request.filter, scope);
  return collectedCents === undefined ? totals : { ...totals, collectedCents };
}

/** GET /collectionAccount/status: the statuses with their labels and SPEC §4 badges. */
export function listStatuses(): CollectionStatusOption[] {
  return COLLECTION_STATUS_OPTIONS;
}

/** GET /collectionAccount?id=: the account page's header, with its status history (newest first). */
export async function getAccount(db: Db, actor: Actor, id: string): Promise<CollectionAccountDetail> {
  const row = await findAccountRow(db, id, accountScope(actor, 'READ'));
  if (!row) throw accountNotFound();
  return { ...row, statusHistory: await findStatusHistory(db, id) };
}

/** The offices a user may work accounts in: their ALL_ACCOUNTS UPDATE, their own role conditions judged. */
function workerReach(worker: {
  role: string;
  accessLevels: Parameters<typeof applyRoleConditions>[0][number]['accessLevelDTO'];
}) {
  const permissions = applyRoleConditions(
    [{ permissionType: 'ALL_ACCOUNTS', accessLevelDTO: worker.accessLevels }],
    worker.role,
  );
  return scopeOf(permissions, 'ALL_ACCOUNTS', 'UPDATE', 'OFFICE');
}

/**
 * GET /collectionAccount/roles: the collectors — enabled users whose ALL_ACCOUNTS UPDATE reaches an office the
 * caller's ALL_ACCOUNTS READ reaches (with `officeId`, that office, which must be within the caller's reach).
 */
export async function listCollectors(db: Db, actor: Actor, officeId?: string): Promise<CollectorOption[]> {
  const readable = accountScope(actor, 'READ');
  if (officeId !== undefined && !scopeAllows(readable, officeId)) throw AppError.notFound('Office');
  const officeIds =
    officeId === undefined ? (await findOfficeIds(db)).filter((o) => scopeAllows(readable, o)) : [officeId];
  const workers = await findAccountWorkers(db);
  return workers
    .filter((worker) => {
      const reach = workerReach(worker);
      return officeIds.some((o) => scopeAllows(reach, o));
    })
    .map(({ id, displayName }) => ({ id, displayName }));
}

/** Of these users, those who may work accounts of the office (enabled, ALL_ACCOUNTS UPDATE reaching it). */
export async function collectorsOfOffice(db: Db, userIds: readonly string[], officeId: string): Promise<Set<string>> {
  const mayWork = await collectorsReach(db, userIds);
  return new Set(userIds.filter((id) => mayWork(id, officeId)));
}

/** Whether each of these users may work accounts of an office, for any office: one read for them all. */
export async function collectorsReach(
  db: Db,
  userIds: readonly string[],
): Promise<(userId: string, officeId: string) => boolean> {
  if (userIds.length === 0) return () => false;
  const workers = await findAccountWorkers(db, [...new Set(userIds)]);
  const reach = new Map(workers.map((worker) => [worker.id, workerReach(worker)]));
  return (userId, officeId) => {
    const scope = reach.get(userId);
    return scope !== undefined && scopeAllows(scope, officeId);
  };
}

/**
 * Refuses a collector who may not work accounts of every one of these offices (400 on `collectorId`): an account
 * is assigned only to someone whose ALL_ACCOUNTS UPDATE reaches its office.
 */
export async function requireCollectorFor(db: Db, collectorId: string, officeIds: readonly string[]): Promise<void> {
  const [worker] = await findAccountWorkers(db, [collectorId]);
  const reach = worker ? workerReach(worker) : ({ kind: 'none' } as const);
  const offices = [...new Set(officeIds)];
  if (!offices.every((o) => scopeAllows(reach, o))) {
    const message =
      offices.length > 1 ? COLLECTION_ACCOUNT_MESSAGES.collectorOutOfReach : COLLECTION_ACCOUNT_MESSAGES.collector;
    throw AppError.validation(message, { collectorId: message });
  }
}
