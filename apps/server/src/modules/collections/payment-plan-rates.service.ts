import { scopeOf } from '@casedesk/contract/access/permissions';
import { promiseKeptRate } from '@casedesk/contract/collections/payment-plan-rules';
import type { PromiseKeptRates, PromiseKeptRequest } from '@casedesk/contract/collections/promise-kept';
import { PROMISE_KEPT_MESSAGES } from '@casedesk/contract/collections/promise-kept';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { countPromisesKept } from './payment-plan-rates.repository.ts';

/**
 * The promise-kept rate of payment plans per office and per collector (docs/collections-payment-plans.md): of the
 * instalments due from `from` to `to` whose grace has passed (paused ones excused), the share paid in full by their
 * due date plus PAYMENT_GRACE_DAYS. Within the caller's ALL_ACCOUNTS READ offices (SPEC §6), narrowed by `officeIds`
 * and `collectorId`; per collector is the account's collector now. The total and both breakdowns are counted from
 * the same rows, so they agree.
 */
export async function promiseKeptRates(
  db: Db,
  actor: Actor,
  request: PromiseKeptRequest,
  now: Date = new Date(),
): Promise<PromiseKeptRates> {
  if (request.to < request.from) {
    throw AppError.validation(PROMISE_KEPT_MESSAGES.range, { to: PROMISE_KEPT_MESSAGES.range });
  }
  const rows = await countPromisesKept(db, {
    scope: scopeOf(actor.permissions, 'ALL_ACCOUNTS', 'READ', 'OFFICE'),
    ...(request.officeIds ? { officeIds: request.officeIds } : {}),
    ...(request.collectorId ? { collectorId: request.collectorId } : {}),
    from: request.from,
    to: request.to,
    now,
  });
  const counts = (row: { due: number; kept: number }) => ({
    due: row.due,
    kept: row.kept,
    rate: promiseKeptRate(row.kept, row.due),
  });
  const total = rows.find((r) => r.level === 'total');
  return {
    from: request.from,
    to: request.to,
    total: counts(total ?? { due: 0, kept: 0 }),
    byOffice: rows
      .filter((r) => r.level === 'office')
      .map((r) => ({ officeId: r.officeId!, office: r.office ?? '', ...counts(r) })),
    byCollector: rows
      .filter((r) => r.level === 'collector')
      .map((r) => ({ collectorId: r.collectorId, collector: r.collector, ...counts(r) })),
  };
}
