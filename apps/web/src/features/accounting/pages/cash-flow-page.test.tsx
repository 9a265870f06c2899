import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CASH_FLOW_COLUMNS, PAYMENT_MESSAGES } from '@casedesk/contract/accounting/payment';
import { officeToday } from '@casedesk/contract/common/dates';
import { apiError } from '@/test/fake-api.ts';
import { clientSummary, page } from '@/test/fixtures.ts';
import {
  CASH_FLOW_READER,
  CLIENT_ID,
  OFFICE_ID,
  OTHER_OFFICE_ID,
  PAYMENT,
  ROW,
  grant,
  renderPage,
  stubServer,
} from '../test-utils.tsx';
import { CashFlowPage } from './cash-flow-page.tsx';

afterEach(() => vi.unstubAllGlobals());

type User = ReturnType<typeof userEvent.setup>;

/** Opens a Mantine Select of the form and clicks an option of its own list. */
async function choose(user: User, form: HTMLElement, label: RegExp, option: string) {
  const combobox = within(form).getByRole('combobox', { name: label });
  await user.click(combobox);
  await waitFor(() => expect(combobox.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(combobox.getAttribute('aria-controls')!)!;
  await user.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}

/** Fills the add-payment form up to the amounts, which each test types itself. */
async function openForm(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Add payment' }));
  const form = await screen.findByRole('form', { name: 'New payment' });
  await choose(user, form, /^Office/, 'Los Angeles');
  await user.type(within(form).getByRole('combobox', { name: /^Client/ }), 'ana');
  await user.click(await screen.findByRole('option', { name: /Ana Lopez/, hidden: true }));
  await choose(user, form, /^Payment Type/, 'Check');
  return form;
}

describe('cash flow', () => {
  it('shows the SPEC §2 headers, the entries and the totals of the same filter', async () => {
    const api = stubServer();
    const user = userEvent.setup();
    renderPage(<CashFlowPage />, undefined, '/accounting/cash-flow');
    const table = await screen.findByRole('table', { name: 'Cash flow' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim());
    expect(headers).toEqual(CASH_FLOW_COLUMNS.map((c) => expect.stringContaining(c.header)));
    expect(await within(table).findByTitle('Ana Lopez')).toBeTruthy();
    const totals = await within(table).findByTestId('data-table-totals');
    expect(totals.textContent).toContain('1,250.50');
    expect(totals.textContent).toContain('25.00');

    await user.click(screen.getByRole('switch', { name: 'Show reversed' }));
    await waitFor(() =>
      expect(api.bodies('POST /api/v1/cashFlow/totals').at(-1)).toEqual({ filter: { showReversed: true } }),
    );
    expect(api.bodies('POST /api/v1/cashFlow/all').at(-1)).toMatchObject({ filter: { showReversed: true } });
  });

  it('marks a reversed entry and its reversal', async () => {
    const reversal = { ...ROW, id: PAYMENT.id.replace(/1$/, '2'), reversesId: ROW.id, receiptNumber: 1002 };
    stubServer({ 'POST /api/v1/cashFlow/all': page([{ ...ROW, reversedById: reversal.id }, reversal]) });
    renderPage(<CashFlowPage />);
    const table = await screen.findByRole('table', { name: 'Cash flow' });
    expect(await within(table).findByText('Reversed')).toBeTruthy();
    expect(within(table).getByText('Reversal')).toBeTruthy();
  });

  it('offers Add payment only with CASH_FLOW CREATE', async () => {
    stubServer();
    renderPage(<CashFlowPage />, CASH_FLOW_READER);
    await screen.findByRole('table', { name: 'Cash flow' });
    expect(screen.queryByRole('button', { name: 'Add payment' })).toBeNull();
  });

  it('offers the offices of CASH_FLOW CREATE in Add payment, not those the user may only read', async () => {
    stubServer({
      'GET /api/v1/dropdown/office': [
        { id: OFFICE_ID, name: 'Los Angeles', officeType: 'OFFICE', timeZone: 'America/Los_Angeles' },
        { id: OTHER_OFFICE_ID, name: 'San Diego', officeType: 'OFFICE', timeZone: 'America/Los_Angeles' },
      ],
    });
    const user = userEvent.setup();
    const createInLosAngeles = grant('CASH_FLOW', ['READ', 'CREATE']);
    createInLosAngeles.accessLevelDTO[1]!.conditionDTO = [
      { conditionType: 'OFFICE', relationType: 'EQUALS', values: [OFFICE_ID] },
    ];
    renderPage(<CashFlowPage />, [createInLosAngeles]);
    await user.click(await screen.findByRole('button', { name: 'Add payment' }));
    const form = await screen.findByRole('form', { name: 'New payment' });
    const office = within(form).getByRole('combobox', { name: /^Office/ });
    await user.click(office);
    await waitFor(() => expect(office.getAttribute('aria-controls')).toBeTruthy());
    const listbox = document.getElementById(office.getAttribute('aria-controls')!)!;
    expect(await within(listbox).findByRole('option', { name: 'Los Angeles', hidden: true })).toBeTruthy();
    expect(within(listbox).queryByRole('option', { name: 'San Diego', hidden: true })).toBeNull();
  });

  it('sends typed dollars as cents, shows the server’s 400 field message and the 409 receipt message', async () => {
    const api = stubServer({
      'POST /api/v1/client/search': { ...page([clientSummary({ id: CLIENT_ID })]), totalCountIsLowerBound: false },
      'POST /api/v1/cashFlow/payment': apiError(400, 'Invalid input', {
        fieldErrors: { paymentDate: PAYMENT_MESSAGES.future },
      }),
    });
    const user = userEvent.setup();
    renderPage(<CashFlowPage />);
    const form = await openForm(user);
    await user.type(within(form).getByRole('textbox', { name: /^Fees/ }), '1,250.50');
    await user.type(within(form).getByRole('textbox', { name: /^Cost/ }), '25');
    await user.click(within(form).getByRole('button', { name: 'Save payment' }));
    expect(await within(form).findByText(PAYMENT_MESSAGES.future, { exact: false })).toBeTruthy();
    expect(api.bodies('POST /api/v1/cashFlow/payment')[0]).toMatchObject({
      officeId: OFFICE_ID,
      clientId: CLIENT_ID,
      paymentType: 'CHECK',
      feesCents: 125050,
      costCents: 2500,
      receiptNumber: null,
      // The date nobody typed is the chosen office's today (Los Angeles), not the test machine's.
      paymentDate: officeToday('America/Los_Angeles'),
    });

    api.use({ 'POST /api/v1/cashFlow/payment': apiError(409, PAYMENT_MESSAGES.receiptTaken) });
    await user.type(within(form).getByRole('textbox', { name: /^Receipt Num/ }), '1001');
    await user.click(within(form).getByRole('button', { name: 'Save payment' }));
    expect(await within(form).findByText(PAYMENT_MESSAGES.receiptTaken, { exact: false })).toBeTruthy();
    expect(api.bodies('POST /api/v1/cashFlow/payment')[1]).toMatchObject({ receiptNumber: 1001 });
  });

  it('checks amounts in the browser with the contract’s messages, and refreshes the list after saving', async () => {
    const api = stubServer({
      'POST /api/v1/client/search': { ...page([clientSummary({ id: CLIENT_ID })]), totalCountIsLowerBound: false },
      'POST /api/v1/cashFlow/payment': PAYMENT,
    });
    const user = userEvent.setup();
    renderPage(<CashFlowPage />);
    const form = await openForm(user);
    await user.type(within(form).getByRole('textbox', { name: /^Fees/ }), '12.345');
    await user.click(within(form).getByRole('button', { name: 'Save payment' }));
    expect(await within(form).findByText(PAYMENT_MESSAGES.fees, { exact: false })).toBeTruthy();
    await user.clear(within(form).getByRole('textbox', { name: /^Fees/ }));
    await user.click(within(form).getByRole('button', { name: 'Save payment' }));
    expect(await within(form).findByText(PAYMENT_MESSAGES.nothing, { exact: false })).toBeTruthy();
    expect(api.calls('POST /api/v1/cashFlow/payment')).toHaveLength(0);

    const listsBefore = api.calls('POST /api/v1/cashFlow/all').length;
    const totalsBefore = api.calls('POST /api/v1/cashFlow/totals').length;
    await user.type(within(form).getByRole('textbox', { name: /^Fees/ }), '0.10');
    await user.click(within(form).getByRole('button', { name: 'Save payment' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New payment' })).toBeNull());
    expect(api.bodies('POST /api/v1/cashFlow/payment')[0]).toMatchObject({ feesCents: 10, costCents: 0 });
    await waitFor(() => expect(api.calls('POST /api/v1/cashFlow/all').length).toBeGreaterThan(listsBefore));
    await waitFor(() => expect(api.calls('POST /api/v1/cashFlow/totals').length).toBeGreaterThan(totalsBefore));
  });

  it('a trust payment needs a matter (the contract’s message, checked in the browser); the account is sent', async () => {
    const api = stubServer({
      'POST /api/v1/client/search': { ...page([clientSummary({ id: CLIENT_ID })]), totalCountIsLowerBound: false },
      'POST /api/v1/cashFlow/payment': PAYMENT,
    });
    const user = userEvent.setup();
    renderPage(<CashFlowPage />);
    const form = await openForm(user);
    await choose(user, form, /^Account/, 'Trust');
    await user.type(within(form).getByRole('textbox', { name: /^Fees/ }), '500');
    await user.click(within(form).getByRole('button', { name: 'Save payment' }));
    expect(await within(form).findByText(PAYMENT_MESSAGES.trustNeedsMatter, { exact: false })).toBeTruthy();
    expect(api.calls('POST /api/v1/cashFlow/payment')).toHaveLength(0);
    await choose(user, form, /^Account/, 'Operating');
    await user.click(within(form).getByRole('button', { name: 'Save payment' }));
    await waitFor(() => expect(api.bodies('POST /api/v1/cashFlow/payment')).toHaveLength(1));
    expect(api.bodies('POST /api/v1/cashFlow/payment')[0]).toMatchObject({ account: 'OPERATING', feesCents: 50000 });
  });

  it('office-entered view: one office and its own today, the totals by payment type, and the deposit slip printed', async () => {
    const api = stubServer({
      'POST /api/v1/cashFlow/officeEnteredCashFlow': page([ROW]),
      'POST /api/v1/cashFlow/officeEnteredTotal': {
        byPaymentType: [{ paymentType: 'CHECK', count: 1, feesCents: 125050, costCents: 2500, totalCents: 127550 }],
        total: { count: 1, feesCents: 125050, costCents: 2500, totalCents: 127550 },
      },
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const user = userEvent.setup();
    renderPage(<CashFlowPage />, undefined, '/accounting/cash-flow?cashflow=office');
    const totals = await screen.findByRole('table', { name: 'Totals by payment type' });
    expect(within(totals).getAllByText('$1,275.50')).toHaveLength(2);
    expect(within(totals).getAllByText('1 entry')).toHaveLength(2);
    // The fake office is in Los Angeles: the view opens on its day, whatever the test machine's zone.
    const officeDay = officeToday('America/Los_Angeles');
    const day = { officeId: OFFICE_ID, dateFrom: officeDay, dateTo: officeDay };
    expect(api.bodies('POST /api/v1/cashFlow/officeEnteredTotal').at(-1)).toEqual({ filter: day });
    expect(api.bodies('POST /api/v1/cashFlow/officeEnteredCashFlow').at(-1)).toMatchObject({ filter: day });
    expect(await screen.findByRole('table', { name: 'Office-entered cash flow' })).toBeTruthy();
    expect(screen.getByTestId('deposit-slip').textContent).toContain('Check (1)');

    await user.click(screen.getByRole('button', { name: 'Print deposit slip' }));
    expect(print).toHaveBeenCalledOnce();
  });
});
