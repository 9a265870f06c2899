import type { CollectionAccountFilter } from '@casedesk/contract/collections/account';
import { COLLECTION_STATUSES, OPEN_COLLECTION_STATUSES } from '@casedesk/contract/collections/account';
import type { DashboardFigures, DashboardPeriod, Figure } from '@casedesk/contract/collections/dashboard';
import { AGING_BUCKETS } from '@casedesk/contract/collections/dashboard-filters';
import { promiseKeptRate } from '@casedesk/contract/collections/payment-plan-rules';
import type { AccountTotals, Totals } from './collection-dashboard.repository.ts';
import type { PromiseCounts } from './collection-dashboard-promises.repository.ts';

const OPEN = [...OPEN_COLLECTION_STATUSES];

/**
 * The account-list filter behind each figure, on top of the group's own (`{}` for the firm, `{ officeId }`
 * for an office's row, `{ collectorId }` or `{ unassigned: true }` for a collector's). Each is exactly the
 * SQL condition of its slot in collection-dashboard.repository.ts (docs/collections-dashboard.md).
 */
export function figureFilters(base: CollectionAccountFilter, period: DashboardPeriod) {
  const { today } = period;
  return {
    accounts: base,
    open: { ...base, statuses: OPEN },
    status: (status: (typeof COLLECTION_STATUSES)[number]) => ({ ...base, statuses: [status] }),
    collectedThisMonth: { ...base, paidFrom: period.thisMonth.from, paidTo: period.thisMonth.to },
    collectedLastMonth: { ...base, paidFrom: period.lastMonth.from, paidTo: period.lastMonth.to },
    plan: (planState: 'ACTIVE' | 'PAUSED' | 'MISSED') => ({ ...base, planState }),
    aging: (agingBucket: (typeof AGING_BUCKETS)[number]) => ({
      ...base,
      statuses: OPEN,
      balanceFromCents: 1,
      agingBucket,
      today,
    }),
    followUp: (followUpDue: 'PAST' | 'TODAY') => ({ ...base, statuses: OPEN, followUpDue, today }),
    promises: { ...base, promiseDueFrom: period.promiseWindow.from, promiseDueTo: period.promiseWindow.to },
  } satisfies Record<string, CollectionAccountFilter | ((...args: never[]) => CollectionAccountFilter)>;
}

const figure = (totals: Totals, filter: CollectionAccountFilter): Figure => ({
  count: totals.count,
  amountCents: totals.cents,
  filter,
});

const ZERO: Totals = { count: 0, cents: 0 };

/** One group's figures from its totals (zeros where the group had nothing). */
export function buildFigures(
  base: CollectionAccountFilter,
  period: DashboardPeriod,
  accounts: AccountTotals,
  collected: { thisMonth: Totals; lastMonth: Totals } | undefined,
  promises: PromiseCounts | undefined,
): DashboardFigures {
  const filters = figureFilters(base, period);
  const kept = promises?.kept ?? 0;
  const missed = promises?.missed ?? 0;
  return {
    accounts: figure(accounts.all, filters.accounts),
    open: figure(accounts.open, filters.open),
    byStatus: COLLECTION_STATUSES.map((status) => ({
      status,
      ...figure(accounts[`status:${status}`], filters.status(status)),
    })),
    collectedThisMonth: figure(collected?.thisMonth ?? ZERO, filters.collectedThisMonth),
    collectedLastMonth: figure(collected?.lastMonth ?? ZERO, filters.collectedLastMonth),
    plans: {
      active: figure(accounts['plan:ACTIVE'], filters.plan('ACTIVE')),
      paused: figure(accounts['plan:PAUSED'], filters.plan('PAUSED')),
      missed: figure(accounts['plan:MISSED'], filters.plan('MISSED')),
    },
    aging: AGING_BUCKETS.map((bucket) => ({ bucket, ...figure(accounts[`aging:${bucket}`], filters.aging(bucket)) })),
    followUps: {
      past: figure(accounts['followUp:PAST'], filters.followUp('PAST')),
      today: figure(accounts['followUp:TODAY'], filters.followUp('TODAY')),
    },
    promiseKept: {
      kept,
      missed,
      rate: promiseKeptRate(kept, kept + missed),
      filter: filters.promises,
    },
  };
}
