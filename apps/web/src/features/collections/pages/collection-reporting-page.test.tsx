import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CollectionReportRequestInput } from '@casedesk/contract/collections/report';
import { createQueryClient } from '@/lib/query-client.ts';
import { captureDownloads } from '@/test/downloads.ts';
import { apiError, fakeApi, file } from '@/test/fake-api.ts';
import { CollectionReportingPage } from './collection-reporting-page.tsx';

const REPORT = 'POST /api/v1/collectionAccount/report';
const meta = { timeZone: 'America/New_York', dateFrom: '2026-11-01', dateTo: '2026-11-26', asOf: '2026-11-26' };
const collected = (key: string, label: string, cents: number) => ({
  key,
  label,
  accounts: 1,
  payments: 1,
  reversals: 0,
  collectedCents: cents,
});

afterEach(() => vi.restoreAllMocks());

function stub() {
  return fakeApi({
    'GET /api/v1/dropdown/office': [
      {
        id: '6f1c1d6e-3a52-4b7e-9f39-2f4b1c1d6e3a',
        name: 'Los Angeles',
        officeType: 'OFFICE',
        timeZone: 'America/Los_Angeles',
      },
    ],
    [REPORT]: ({ body }) => {
      const request = body as CollectionReportRequestInput;
      if (request.report === 'CONTACT_LOG') {
        return {
          report: 'CONTACT_LOG',
          ...meta,
          items: [
            {
              id: 'refusal:1',
              at: '2026-11-20T03:00:00.000Z',
              channel: 'CALL',
              outcome: 'REFUSED',
              rule: 'TIME_OF_DAY',
              message: 'Calls to this client are allowed 8:00 AM to 9:00 PM their time.',
              accountId: '8b3e3f80-5c74-4d90-9b5b-4b6d3e3f805c',
              accountNumber: 100001,
              client: 'Dana Debtor',
              officeId: '6f1c1d6e-3a52-4b7e-9f39-2f4b1c1d6e3a',
              office: 'Los Angeles',
              byId: null,
              by: 'Casey Collector',
              to: '2135550199',
            },
          ],
          totalCount: 1,
          pageNumber: 1,
          pageSize: 100,
          totals: { attempts: 1, allowed: 0, refused: 1 },
        };
      }
      if (request.report === 'AGING')
        return apiError(400, 'Group By must be one of OFFICE, COLLECTOR for this report.');
      return {
        report: 'COLLECTED',
        groupBy: request.groupBy ?? 'MONTH',
        ...meta,
        items: [collected('2026-11-01', 'Nov 2026', 15_000)],
        totals: { accounts: 1, payments: 1, reversals: 0, collectedCents: 15_000 },
      };
    },
    'POST /api/v1/collectionAccount/report/export': file('Collected report\n', 'text/csv'),
  });
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderPage(url: string) {
  return render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[url]}>
          <CollectionReportingPage />
          <Where />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('CollectionReportingPage', () => {
  it('opens the report the query names, its table with totals, and exports it with its filters', async () => {
    const saved = captureDownloads();
    const api = stub();
    renderPage('/collections/collection-reporting?report=collected');
    const table = await screen.findByRole('table', { name: 'Collected report' });
    await waitFor(() => expect(within(table).getByText('Nov 2026')).toBeTruthy());
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.trim()),
    ).toEqual(['Month', 'Accounts', 'Payments', 'Reversals', 'Collected']);
    const first = api.calls(REPORT)[0]!;
    expect(first.url).toMatch(/offsetHours=/);
    expect(first.body).toMatchObject({
      report: 'COLLECTED',
      groupBy: 'MONTH',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      dateFrom: expect.stringMatching(/^\d{4}-\d{2}-01$/),
    });

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'PDF report', hidden: true }));
    await waitFor(() => expect(api.bodies('POST /api/v1/collectionAccount/report/export')).toHaveLength(1));
    expect(api.bodies('POST /api/v1/collectionAccount/report/export')[0]).toMatchObject({
      report: 'COLLECTED',
      groupBy: 'MONTH',
      format: 'pdf',
      dateFrom: (first.body as { dateFrom: string }).dateFrom,
    });
    await waitFor(() => expect(saved).toEqual(['collection-report.pdf']));
  });

  it('switches report through the query, and shows the contact log with its refusals and their rule', async () => {
    const api = stub();
    renderPage('/collections/collection-reporting?report=contact-log');
    const table = await screen.findByRole('table', { name: 'Contact log' });
    await waitFor(() => expect(within(table).getByText('TIME_OF_DAY')).toBeTruthy());
    expect(within(table).getByText('REFUSED')).toBeTruthy();
    expect(screen.getByText(/1 attempts: 0 allowed, 1 refused/)).toBeTruthy();
    expect(api.bodies(REPORT)[0]).toMatchObject({ report: 'CONTACT_LOG', pageNumber: 1, pageSize: 100 });
    expect(api.bodies(REPORT)[0]).not.toHaveProperty('groupBy');

    fireEvent.click(screen.getByRole('radio', { name: 'Collected' }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/collections/collection-reporting?report=collected'),
    );
    expect(await screen.findByRole('table', { name: 'Collected report' })).toBeTruthy();
  });

  it('shows the server’s words for a report it refuses', async () => {
    stub();
    renderPage('/collections/collection-reporting?report=aging');
    expect(await screen.findByTestId('report-error')).toBeTruthy();
    expect(screen.getByText('Group By must be one of OFFICE, COLLECTOR for this report.')).toBeTruthy();
  });
});
