import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COLLECTION_ACCOUNT_COLUMNS, COLLECTION_ACCOUNT_MESSAGES } from '@casedesk/contract/collections/account';
import { captureDownloads } from '@/test/downloads.ts';
import { apiError, file } from '@/test/fake-api.ts';
import { page, uuid } from '@/test/fixtures.ts';
import { addDays } from '../components/collection-dates.ts';
import {
  ACCOUNTS_READER,
  ACCOUNT_ID,
  COLLECTOR_ID,
  OFFICE_ID,
  OTHER_COLLECTOR_ID,
  TERM_FULL_ID,
  accountRow,
  renderPage,
  stubServer,
  today,
} from '../test-utils.tsx';
import { AllAccountsPage } from './all-accounts-page.tsx';

type User = ReturnType<typeof userEvent.setup>;

/** The filter is sent 300 ms after the last change (SPEC §9); a busy machine takes longer to get there. */
const SLOW = { timeout: 5000 };

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/** Opens a Mantine Select (or MultiSelect) and clicks an option of its own list. */
async function choose(user: User, label: RegExp, option: string, within_: HTMLElement = document.body) {
  const combobox = within(within_).getByRole('combobox', { name: label });
  await user.click(combobox);
  await waitFor(() => expect(combobox.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(combobox.getAttribute('aria-controls')!)!;
  await user.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}

const rowOf = (table: HTMLElement, client: string) => within(table).getByTitle(client).closest('tr')!;

const OVERDUE = uuid(62);
const ESCALATED = uuid(63);
const IN_REVIEW = uuid(64);
const REVIEW_OVERDUE = uuid(65);
const PAID_LATE = uuid(66);

describe('all accounts', () => {
  it('shows the headers, colours rows by SPEC §4 and badges REVIEW as REV and ESCALATION as ESC', async () => {
    const yesterday = addDays(today(), -1);
    stubServer({
      'POST /api/v1/collectionAccount/all': page([
        accountRow({ client: 'Plain Active' }),
        accountRow({ id: OVERDUE, client: 'Overdue Active', followUpDate: yesterday }),
        accountRow({ id: ESCALATED, client: 'Escalated Eve', status: 'ESCALATION' }),
        accountRow({ id: IN_REVIEW, client: 'Review Rita', status: 'REVIEW' }),
        accountRow({ id: REVIEW_OVERDUE, client: 'Review Overdue', status: 'REVIEW', followUpDate: yesterday }),
        accountRow({ id: PAID_LATE, client: 'Paid Paul', status: 'PAID', followUpDate: yesterday }),
      ]),
    });
    renderPage(<AllAccountsPage />, { path: '/collections/all-accounts' });
    const table = await screen.findByRole('table', { name: 'All accounts' });
    await within(table).findByTitle('Plain Active');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim())
      // The first column is the row selection's.
      .slice(1);
    // The contract's headers, follow-up date and last payment shortened on screen.
    expect(headers).toEqual(
      COLLECTION_ACCOUNT_COLUMNS.map((c) =>
        c.id === 'followUpDate' ? 'follow-up' : c.id === 'lastPaymentDate' ? 'last paid' : c.header,
      ),
    );

    const colour = (client: string) => rowOf(table, client).getAttribute('style') ?? '';
    expect(colour('Plain Active')).toBe('');
    expect(colour('Overdue Active')).toContain('--mantine-color-red-light');
    expect(colour('Escalated Eve')).toContain('--mantine-color-yellow-light');
    expect(colour('Review Rita')).toContain('--mantine-color-grape-light');
    // An overdue follow-up is what to act on today: red wins over the status colour.
    expect(colour('Review Overdue')).toContain('--mantine-color-red-light');
    // A paid account has nothing to follow up.
    expect(colour('Paid Paul')).toBe('');

    const badge = (client: string) => within(rowOf(table, client)).queryByTestId('status-badge')?.textContent;
    expect(badge('Escalated Eve')).toBe('ESC');
    expect(badge('Review Rita')).toBe('REV');
    expect(badge('Plain Active')).toBeUndefined();
    expect(within(rowOf(table, 'Plain Active')).getByText('3,749.50')).toBeTruthy();
    expect(screen.getByTestId('account-colour-legend').textContent).toContain('Follow-up date passed');
  });

  it('shows the totals of the filter in the totals row', async () => {
    stubServer({
      'POST /api/v1/collectionAccount/allTotals': {
        count: 1234,
        originalCents: 123456789,
        paidCents: 2345678,
        outstandingCents: 121111111,
      },
    });
    renderPage(<AllAccountsPage />);
    const table = await screen.findByRole('table', { name: 'All accounts' });
    const totals = await within(table).findByTestId('data-table-totals');
    expect(totals.textContent).toContain('Total');
    expect(totals.textContent).toContain('1,234 accounts');
    expect(totals.textContent).toContain('1,234,567.89');
    expect(totals.textContent).toContain('23,456.78');
    expect(totals.textContent).toContain('1,211,111.11');
  });

  it('sends the filters in the list and totals requests', async () => {
    const api = stubServer();
    const user = userEvent.setup();
    renderPage(<AllAccountsPage />, { path: '/collections/all-accounts' });
    await screen.findByRole('table', { name: 'All accounts' });
    await user.type(screen.getByRole('textbox', { name: 'Search' }), ' lopez ');
    // A MultiSelect stays open while options are picked.
    await choose(user, /^Status/, 'Review');
    await user.click(await screen.findByRole('option', { name: 'Escalation', hidden: true }));
    await user.keyboard('{Escape}');
    await choose(user, /^Office/, 'Los Angeles');
    await choose(user, /^Collector/, 'Carl Collector');
    await choose(user, /^Term/, 'Pay in Full');
    await choose(user, /^Follow-up due/, 'Passed');
    await user.type(screen.getByRole('textbox', { name: 'Balance from' }), '100');
    await user.type(screen.getByRole('textbox', { name: 'Balance to' }), '2,500.50');
    const expected = {
      search: 'lopez',
      statuses: ['REVIEW', 'ESCALATION'],
      officeId: OFFICE_ID,
      collectorId: OTHER_COLLECTOR_ID,
      termId: TERM_FULL_ID,
      followUpDue: 'PAST',
      today: today(),
      balanceFromCents: 10000,
      balanceToCents: 250050,
    };
    await waitFor(
      () => expect(api.bodies('POST /api/v1/collectionAccount/all').at(-1)).toMatchObject({ filter: expected }),
      SLOW,
    );
    expect(api.bodies('POST /api/v1/collectionAccount/all').at(-1)).toMatchObject({ pageNumber: 1, pageSize: 100 });
    await waitFor(
      () => expect(api.bodies('POST /api/v1/collectionAccount/allTotals').at(-1)).toEqual({ filter: expected }),
      SLOW,
    );
  }, 60_000);

  it('leaves out a balance range typed backwards and says why, with the contract’s message', async () => {
    const api = stubServer();
    const user = userEvent.setup();
    renderPage(<AllAccountsPage />);
    await screen.findByRole('table', { name: 'All accounts' });
    await user.type(screen.getByRole('textbox', { name: 'Balance from' }), '500');
    await user.type(screen.getByRole('textbox', { name: 'Balance to' }), '20');
    expect(await screen.findByText(COLLECTION_ACCOUNT_MESSAGES.balanceRange)).toBeTruthy();
    await waitFor(
      () =>
        expect(api.bodies('POST /api/v1/collectionAccount/allTotals').at(-1)).toEqual({
          filter: { balanceFromCents: 50000 },
        }),
      SLOW,
    );
  });

  it('starts from the address: account is the search, assignee=me the signed-in collector', async () => {
    const api = stubServer();
    renderPage(<AllAccountsPage />, { path: '/collections/all-accounts?account=100001&assignee=me' });
    await screen.findByRole('table', { name: 'All accounts' });
    expect(api.bodies('POST /api/v1/collectionAccount/all')[0]).toMatchObject({
      filter: { search: '100001', collectorId: COLLECTOR_ID },
    });
    expect((screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement).value).toBe('100001');
  });

  it.each([
    ['assignee=unassigned', { unassigned: true }],
    [`assigneeId=${OTHER_COLLECTOR_ID}`, { collectorId: OTHER_COLLECTOR_ID }],
  ])('%s filters the accounts of nobody, or of one collector', async (query, filter) => {
    const api = stubServer();
    renderPage(<AllAccountsPage />, { path: `/collections/all-accounts?${query}` });
    await screen.findByRole('table', { name: 'All accounts' });
    expect(api.bodies('POST /api/v1/collectionAccount/all')[0]).toMatchObject({ filter });
  });

  it('assigns the selected rows to a collector and clears the selection', async () => {
    const second = uuid(67);
    const api = stubServer({
      'POST /api/v1/collectionAccount/all': page([
        accountRow(),
        accountRow({ id: second, client: 'Bo Brown', accountNumber: 100002 }),
      ]),
      'POST /api/v1/collectionAccount/assign': { assigned: 2 },
    });
    const user = userEvent.setup();
    renderPage(<AllAccountsPage />);
    const table = await screen.findByRole('table', { name: 'All accounts' });
    await within(table).findByTitle('Bo Brown');
    expect((screen.getByTestId('assign-accounts') as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(table).getByRole('checkbox', { name: 'Select account 100001' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select account 100002' }));
    await user.click(screen.getByRole('button', { name: 'Assign to… (2)' }));
    const form = await screen.findByRole('form', { name: 'Assign accounts' });
    await user.click(within(form).getByRole('button', { name: 'Assign' }));
    expect(await within(form).findByText('* Collector is a required field.')).toBeTruthy();
    expect(api.calls('POST /api/v1/collectionAccount/assign')).toHaveLength(0);

    const listsBefore = api.calls('POST /api/v1/collectionAccount/all').length;
    await choose(user, /^Collector/, 'Carl Collector', form);
    await user.click(within(form).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Assign accounts' })).toBeNull());
    expect(api.bodies('POST /api/v1/collectionAccount/assign')).toEqual([
      { accountIds: [ACCOUNT_ID, second], collectorId: OTHER_COLLECTOR_ID },
    ]);
    expect(await screen.findByText('2 accounts assigned.')).toBeTruthy();
    await waitFor(() => expect(api.calls('POST /api/v1/collectionAccount/all').length).toBeGreaterThan(listsBefore));
    expect(screen.getByRole('button', { name: 'Assign to…' })).toBeTruthy();
  });

  it('shows the server’s refusal of an assignment in the form', async () => {
    stubServer({
      'POST /api/v1/collectionAccount/assign': apiError(400, 'Invalid input', {
        fieldErrors: { collectorId: COLLECTION_ACCOUNT_MESSAGES.collector },
      }),
    });
    const user = userEvent.setup();
    renderPage(<AllAccountsPage />);
    const table = await screen.findByRole('table', { name: 'All accounts' });
    await user.click(await within(table).findByRole('checkbox', { name: 'Select account 100001' }));
    await user.click(screen.getByRole('button', { name: 'Assign to… (1)' }));
    const form = await screen.findByRole('form', { name: 'Assign accounts' });
    await choose(user, /^Collector/, 'Nobody (unassign)', form);
    await user.click(within(form).getByRole('button', { name: 'Assign' }));
    expect(await within(form).findByText(COLLECTION_ACCOUNT_MESSAGES.collector)).toBeTruthy();
  });

  it('offers no selection nor Assign to a reader, and opens the account from its row', async () => {
    stubServer();
    const user = userEvent.setup();
    const router = renderPage(<AllAccountsPage />, { permissions: ACCOUNTS_READER });
    const table = await screen.findByRole('table', { name: 'All accounts' });
    await within(table).findByTitle('Ana Lopez');
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByTestId('assign-accounts')).toBeNull();
    await user.click(within(table).getByTitle('Ana Lopez'));
    expect(router.state.location.pathname).toBe(`/collections/account-detail/${ACCOUNT_ID}`);
  });
});

describe('all accounts export', () => {
  let saved: string[] = [];
  beforeEach(() => {
    saved = captureDownloads();
  });

  it.each([
    ['CSV', 'csv'],
    ['Excel (XLSX)', 'xlsx'],
    ['PDF report', 'pdf'],
  ])('exports %s of the current filter and sort, every page', async (item, format) => {
    const api = stubServer({ 'POST /api/v1/collectionAccount/export': file('x', 'application/octet-stream') });
    renderPage(<AllAccountsPage />, { path: '/collections/all-accounts?account=lopez' });
    await within(await screen.findByRole('table', { name: 'All accounts' })).findByTitle('Ana Lopez');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: item }));
    await waitFor(() => expect(api.calls('POST /api/v1/collectionAccount/export')).toHaveLength(1));
    const exported = api.calls('POST /api/v1/collectionAccount/export')[0]!;
    expect(exported.url).toMatch(/offsetHours=/);
    expect(exported.body).toMatchObject({ format, pageNumber: 1, filter: { search: 'lopez' } });
    await waitFor(() => expect(saved).toEqual([`collection-accounts.${format}`]));
  });
});
