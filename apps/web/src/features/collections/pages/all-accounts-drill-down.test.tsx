import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CollectionAccountFilter } from '@casedesk/contract/collections/account';
import { OPEN_COLLECTION_STATUSES } from '@casedesk/contract/collections/account';
import { accountFilterFromQuery } from '@casedesk/contract/collections/dashboard';
import { accountsHref } from '../components/dashboard-figure-link.tsx';
import { COLLECTOR_ID, OFFICE_ID, OTHER_COLLECTOR_ID, renderPage, stubServer } from '../test-utils.tsx';
import { AllAccountsPage } from './all-accounts-page.tsx';

/** The filter is sent 300 ms after the last change (SPEC §9); a busy machine takes longer to get there. */
const SLOW = { timeout: 5000 };
const OPEN = [...OPEN_COLLECTION_STATUSES];
const TODAY = '2026-11-26';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

/** What each kind of dashboard figure links with (collection-dashboard-figures.ts, figureFilters). */
const FIGURES: [string, CollectionAccountFilter][] = [
  ['an office’s accounts', { officeId: OFFICE_ID }],
  ['open accounts', { officeId: OFFICE_ID, statuses: OPEN }],
  ['a status', { collectorId: OTHER_COLLECTOR_ID, statuses: ['REVIEW'] }],
  ['collected this month', { officeId: OFFICE_ID, paidFrom: '2026-11-01', paidTo: '2026-11-30' }],
  ['plans active', { unassigned: true, planState: 'ACTIVE' }],
  ['plans paused', { planState: 'PAUSED' }],
  ['plans missed', { officeId: OFFICE_ID, collectorId: OTHER_COLLECTOR_ID, planState: 'MISSED' }],
  ['aging 31–60', { officeId: OFFICE_ID, statuses: OPEN, balanceFromCents: 1, agingBucket: '31-60', today: TODAY }],
  ['aging 90+', { statuses: OPEN, balanceFromCents: 1, agingBucket: '90+', today: TODAY }],
  ['follow-ups past', { statuses: OPEN, followUpDue: 'PAST', today: TODAY }],
  ['promise kept', { officeId: OFFICE_ID, promiseDueFrom: '2026-08-29', promiseDueTo: TODAY }],
];

const searchOf = (router: ReturnType<typeof renderPage>) => new URLSearchParams(router.state.location.search);

describe('all accounts opened from a dashboard figure', () => {
  it.each(FIGURES)('%s: the list and its totals ask for exactly the figure’s filter', async (_, filter) => {
    const api = stubServer();
    const router = renderPage(<AllAccountsPage />, { path: accountsHref(filter) });
    await screen.findByRole('table', { name: 'All accounts' });
    await waitFor(() => expect(api.bodies('POST /api/v1/collectionAccount/all').length).toBeGreaterThan(0));
    expect(api.bodies('POST /api/v1/collectionAccount/all')[0]).toMatchObject({ filter });
    expect((api.bodies('POST /api/v1/collectionAccount/all')[0] as { filter: unknown }).filter).toEqual(filter);
    expect(api.bodies('POST /api/v1/collectionAccount/allTotals')[0]).toEqual({ filter });
    // The address keeps the filter.
    expect(accountFilterFromQuery(searchOf(router))).toEqual(filter);
  });

  it('shows the dashboard’s filters as chips; removing one, or clearing, sends and keeps the rest', async () => {
    const api = stubServer({
      'POST /api/v1/collectionAccount/allTotals': {
        count: 2,
        originalCents: 50_000,
        paidCents: 20_000,
        outstandingCents: 30_000,
        collectedCents: 12_345,
      },
    });
    const filter: CollectionAccountFilter = {
      statuses: OPEN,
      balanceFromCents: 1,
      agingBucket: '31-60',
      today: TODAY,
      planState: 'MISSED',
      paidFrom: '2026-11-01',
      paidTo: '2026-11-30',
    };
    const router = renderPage(<AllAccountsPage />, { path: accountsHref(filter) });
    const chips = await screen.findByRole('group', { name: 'Dashboard filters' });
    expect(within(chips).getByText('Aging 31–60 days (as of 11-26-2026)')).toBeTruthy();
    expect(within(chips).getByText('Plan missed')).toBeTruthy();
    expect(within(chips).getByText('Paid 11-01-2026 – 11-30-2026')).toBeTruthy();
    expect((await within(chips).findByTestId('collected-in-range')).textContent).toBe(
      'Collected in these days: $123.45',
    );

    const user = userEvent.setup();
    await user.click(within(chips).getByRole('button', { name: 'Remove Plan missed' }));
    const { planState: _plan, ...withoutPlan } = filter;
    const lastFilter = () => (api.bodies('POST /api/v1/collectionAccount/all').at(-1) as { filter: unknown }).filter;
    await waitFor(() => expect(lastFilter()).toEqual(withoutPlan), SLOW);
    await waitFor(() => expect(searchOf(router).get('plan')).toBeNull(), SLOW);
    expect(searchOf(router).get('aging')).toBe('31-60');
    expect(screen.queryByText('Plan missed')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastFilter()).toEqual({}), SLOW);
    await waitFor(() => expect(router.state.location.search).toBe(''), SLOW);
    expect(screen.queryByRole('group', { name: 'Dashboard filters' })).toBeNull();
  });

  it('keeps filters typed on the page in the address, assignee=me as me', async () => {
    stubServer();
    const router = renderPage(<AllAccountsPage />, { path: '/collections/all-accounts?assignee=me&account=Lopez' });
    await screen.findByRole('table', { name: 'All accounts' });
    expect(screen.queryByRole('group', { name: 'Dashboard filters' })).toBeNull();
    await waitFor(() => expect(searchOf(router).get('assignee')).toBe('me'), SLOW);
    expect(searchOf(router).get('account')).toBe('Lopez');
    expect(searchOf(router).get('assigneeId')).toBeNull();
    expect(accountFilterFromQuery(searchOf(router), { userId: COLLECTOR_ID })).toEqual({
      search: 'Lopez',
      collectorId: COLLECTOR_ID,
    });
  });
});
