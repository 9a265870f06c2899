import type { CollectionAccountFilter } from '@casedesk/contract/collections/account';
import { accountFilterFromQuery, accountFilterToQuery } from '@casedesk/contract/collections/dashboard';
import { EMPTY_ACCOUNT_FILTER, ME, UNASSIGNED, type AccountFilterValues } from './account-filters.tsx';

/**
 * The all-accounts page's address and its filter (docs/collections-dashboard.md, "The all-accounts query"): SPEC
 * §2's `account`, `assignee` and `assigneeId`, and the parameters the dashboard's figures link with. Read with
 * the contract's accountFilterFromQuery, so the page understands every link the dashboard makes.
 */
export function filterValuesOf(params: URLSearchParams, userId: string): AccountFilterValues {
  const f = accountFilterFromQuery(params, { userId });
  const assignee = params.get('assignee') === ME ? ME : f.unassigned ? UNASSIGNED : (f.collectorId ?? null);
  return {
    ...EMPTY_ACCOUNT_FILTER,
    search: f.search ?? '',
    statuses: f.statuses ?? [],
    officeId: f.officeId ?? null,
    assignee,
    balanceFromCents: f.balanceFromCents ?? null,
    balanceToCents: f.balanceToCents ?? null,
    followUpDue: f.followUpDue ?? null,
    termId: f.termId ?? null,
    agingBucket: f.agingBucket ?? null,
    planState: f.planState ?? null,
    paidFrom: f.paidFrom ?? null,
    paidTo: f.paidTo ?? null,
    promiseDueFrom: f.promiseDueFrom ?? null,
    promiseDueTo: f.promiseDueTo ?? null,
  };
}

/** The day the address judges follow-ups and aging on, when a link carries one (the dashboard's today). */
export function todayOf(params: URLSearchParams): string | undefined {
  return accountFilterFromQuery(params).today;
}

/** The address of the filter being sent: `assignee=me` stays `me` rather than the user's id. */
export function queryOfFilter(filter: CollectionAccountFilter, values: AccountFilterValues): URLSearchParams {
  const query = accountFilterToQuery(filter);
  if (values.assignee === ME) {
    delete query.assigneeId;
    query.assignee = ME;
  }
  return new URLSearchParams(query);
}
