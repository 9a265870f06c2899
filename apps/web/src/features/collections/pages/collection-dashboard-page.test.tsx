import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CollectionAccountFilter } from '@casedesk/contract/collections/account';
import { COLLECTION_STATUSES, OPEN_COLLECTION_STATUSES } from '@casedesk/contract/collections/account';
import type { DashboardAccess, DashboardFigures, DashboardPeriod } from '@casedesk/contract/collections/dashboard';
import { accountFilterFromQuery } from '@casedesk/contract/collections/dashboard';
import { AGING_BUCKETS } from '@casedesk/contract/collections/dashboard-filters';
import { createQueryClient } from '@/lib/query-client.ts';
import { fakeApi } from '@/test/fake-api.ts';
import { CollectionDashboardPage } from './collection-dashboard-page.tsx';

const OFFICE_A = '6f1c1d6e-3a52-4b7e-9f39-2f4b1c1d6e3a';
const OFFICE_B = '7a2d2e7f-4b63-4c8f-8a4a-3a5c2d2e7f4b';
const ME = '8b3e3f80-5c74-4d90-9b5b-4b6d3e3f805c';

const period: DashboardPeriod = {
  today: '2026-11-26',
  timeZone: 'America/New_York',
  thisMonth: { from: '2026-11-01', to: '2026-11-30' },
  lastMonth: { from: '2026-10-01', to: '2026-10-31' },
  promiseWindow: { from: '2026-08-29', to: '2026-11-26' },
};
const OPEN = [...OPEN_COLLECTION_STATUSES];

/** Figures as the server builds them on top of a group's filter: each count n, each amount n × 100.00. */
function figures(base: CollectionAccountFilter, n = 3): DashboardFigures {
  const f = (filter: CollectionAccountFilter, count = n) => ({ count, amountCents: count * 10_000, filter });
  return {
    accounts: f(base, 10),
    open: f({ ...base, statuses: OPEN }, 7),
    byStatus: COLLECTION_STATUSES.map((status, i) => ({ status, ...f({ ...base, statuses: [status] }, i + 1) })),
    collectedThisMonth: f({ ...base, paidFrom: period.thisMonth.from, paidTo: period.thisMonth.to }, 4),
    collectedLastMonth: f({ ...base, paidFrom: period.lastMonth.from, paidTo: period.lastMonth.to }, 2),
    plans: {
      active: f({ ...base, planState: 'ACTIVE' }),
      paused: f({ ...base, planState: 'PAUSED' }, 1),
      missed: f({ ...base, planState: 'MISSED' }, 2),
    },
    aging: AGING_BUCKETS.map((bucket) => ({
      bucket,
      ...f({ ...base, statuses: OPEN, balanceFromCents: 1, agingBucket: bucket, today: period.today }),
    })),
    followUps: {
      past: f({ ...base, statuses: OPEN, followUpDue: 'PAST', today: period.today }, 5),
      today: f({ ...base, statuses: OPEN, followUpDue: 'TODAY', today: period.today }, 1),
    },
    promiseKept: {
      kept: 3,
      missed: 1,
      rate: 0.75,
      filter: { ...base, promiseDueFrom: period.promiseWindow.from, promiseDueTo: period.promiseWindow.to },
    },
  };
}

function stub(view: DashboardAccess['view']) {
  return fakeApi({
    'GET /api/v1/collectionDashboard/mine': {
      view,
      everyCollector: view === 'SUMMARY' || view === 'BY_OFFICE',
      reporting: view === 'SUMMARY',
    },
    'POST /api/v1/collectionDashboard/widget': { period, figures: figures({}) },
    'POST /api/v1/collectionDashboard/byOffice': {
      period,
      rows: [
        { officeId: OFFICE_A, office: 'Los Angeles', figures: figures({ officeId: OFFICE_A }) },
        { officeId: OFFICE_B, office: 'San Diego', figures: figures({ officeId: OFFICE_B }, 1) },
      ],
    },
    'POST /api/v1/collectionDashboard/byCollector': ({ body }) => {
      const officeId = (body as { officeId?: string }).officeId;
      const office = officeId ? { officeId } : {};
      return view === 'BY_COLLECTOR'
        ? {
            period,
            everyCollector: false,
            rows: [{ collectorId: ME, collector: 'Casey Collector', figures: figures({ collectorId: ME }) }],
          }
        : {
            period,
            everyCollector: true,
            rows: [
              { collectorId: ME, collector: 'Casey Collector', figures: figures({ ...office, collectorId: ME }) },
              { collectorId: null, collector: 'Unassigned', figures: figures({ ...office, unassigned: true }) },
            ],
          };
    },
  });
}

function renderPage() {
  return render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/collections/dashboard-collection']}>
          <CollectionDashboardPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The filter links open on the all-accounts page, read back as that page reads its query (one for all of them). */
function filterOf(links: HTMLElement[]): CollectionAccountFilter {
  const hrefs = new Set(links.map((link) => link.getAttribute('href')!));
  expect(hrefs.size).toBe(1);
  const [href] = [...hrefs] as [string];
  expect(href.startsWith('/collections/all-accounts')).toBe(true);
  return accountFilterFromQuery(new URL(href, 'http://x').searchParams);
}

describe('CollectionDashboardPage: the role decides the view (SPEC §6)', () => {
  it('SUMMARY: the firm-wide figures, then per office and per collector', async () => {
    const api = stub('SUMMARY');
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Collection summary' })).toBeTruthy();
    await screen.findByTestId('figure-outstanding');
    const widget = api.calls('POST /api/v1/collectionDashboard/widget')[0]!;
    expect(widget.url).toMatch(/offsetHours=/);
    expect(widget.body).toEqual({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    const offices = await screen.findByRole('table', { name: 'By office' });
    await waitFor(() => expect(within(offices).getByText('San Diego')).toBeTruthy());
    const collectors = await screen.findByRole('table', { name: 'By collector' });
    await waitFor(() => expect(within(collectors).getByText('Unassigned')).toBeTruthy());
    // The summary reads every collector of the firm: no office narrows it.
    expect(api.bodies('POST /api/v1/collectionDashboard/byCollector')[0]).not.toHaveProperty('officeId');
  });

  it('BY_OFFICE: no summary; one office at a time, its collectors', async () => {
    const api = stub('BY_OFFICE');
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Collection by office' })).toBeTruthy();
    await screen.findByTestId('figure-outstanding');
    expect(api.calls('POST /api/v1/collectionDashboard/widget')).toHaveLength(0);
    await waitFor(() =>
      expect(api.bodies('POST /api/v1/collectionDashboard/byCollector')).toContainEqual(
        expect.objectContaining({ officeId: OFFICE_A }),
      ),
    );
    const outstanding = screen.getByTestId('figure-outstanding');
    expect(filterOf(within(outstanding).getAllByRole('link', { name: /^Open the 7 open accounts$/ }))).toEqual({
      officeId: OFFICE_A,
      statuses: OPEN,
    });
  });

  it('BY_COLLECTOR: only the collector’s own figures', async () => {
    const api = stub('BY_COLLECTOR');
    renderPage();
    expect(await screen.findByRole('heading', { name: 'My collections' })).toBeTruthy();
    await screen.findByTestId('figure-outstanding');
    expect(api.calls('POST /api/v1/collectionDashboard/widget')).toHaveLength(0);
    expect(api.calls('POST /api/v1/collectionDashboard/byOffice')).toHaveLength(0);
    expect(screen.queryByRole('table', { name: 'By collector' })).toBeNull();
    const followUps = screen.getByTestId('figure-follow-ups');
    expect(filterOf(within(followUps).getAllByRole('link', { name: /^Open the 5 accounts whose follow-up/ }))).toEqual({
      collectorId: ME,
      statuses: OPEN,
      followUpDue: 'PAST',
      today: period.today,
    });
  });

  it('NONE: says there is no dashboard and asks for no figures', async () => {
    const api = stub('NONE');
    renderPage();
    expect(await screen.findByText('No collections dashboard')).toBeTruthy();
    expect(api.calls('POST /api/v1/collectionDashboard/byCollector')).toHaveLength(0);
  });
});

describe('CollectionDashboardPage: every number opens the accounts behind it', () => {
  it('links each figure to all-accounts with its filter as the query', async () => {
    stub('SUMMARY');
    renderPage();
    const status = await screen.findByTestId('figure-status');
    const review = within(status).getByRole('link', { name: 'Open the 2 accounts in status Review' });
    expect(review.getAttribute('href')).toBe('/collections/all-accounts?status=REVIEW');

    const aging = screen.getByTestId('figure-aging');
    const older = within(aging).getAllByRole('link', { name: /^Open the 3 accounts, 31–60 days/ })[0]!;
    expect(older.getAttribute('href')).toBe(
      '/collections/all-accounts?status=ACTIVE%2CREVIEW%2CESCALATION%2CPAYMENT_PLAN&balanceFrom=1&today=2026-11-26&aging=31-60',
    );

    const collected = screen.getByTestId('figure-collected');
    expect(filterOf(within(collected).getAllByRole('link', { name: 'Open the 4 accounts paid this month' }))).toEqual({
      paidFrom: '2026-11-01',
      paidTo: '2026-11-30',
    });
    expect(within(collected).getByText('+100.0% on last month')).toBeTruthy();

    const plans = screen.getByTestId('figure-plans');
    expect(
      within(plans)
        .getAllByRole('link', { name: /^Open the 2 accounts whose plan has a missed instalment/ })[0]!
        .getAttribute('href'),
    ).toBe('/collections/all-accounts?plan=MISSED');

    const promises = screen.getByTestId('figure-promises');
    expect(within(promises).getByText('75.0%')).toBeTruthy();

    // A collector's row opens their accounts by SPEC §2's assignee parameters; the unassigned ones likewise.
    const collectors = await screen.findByRole('table', { name: 'By collector' });
    await waitFor(() => expect(within(collectors).getByText('Unassigned')).toBeTruthy());
    const mine = within(collectors).getByRole('link', { name: 'Open the 7 open accounts of Casey Collector' });
    expect(mine.getAttribute('href')).toBe(
      `/collections/all-accounts?status=ACTIVE%2CREVIEW%2CESCALATION%2CPAYMENT_PLAN&assigneeId=${ME}`,
    );
    const unassigned = within(collectors).getByRole('link', { name: 'Open the 7 open accounts of Unassigned' });
    expect(unassigned.getAttribute('href')).toBe(
      '/collections/all-accounts?status=ACTIVE%2CREVIEW%2CESCALATION%2CPAYMENT_PLAN&assignee=unassigned',
    );
  });
});
