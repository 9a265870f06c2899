import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AccessType } from '@casedesk/contract/access/permissions';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { RECON_MESSAGES, type ReconRow } from '@casedesk/contract/accounting/reconciliation';
import { apiError } from '@/test/fake-api.ts';
import { page } from '@/test/fixtures.ts';
import { id, OFFICE_ID, PAYMENT, ROW, renderPage, stubServer } from '../test-utils.tsx';
import { CashFlowReconPage } from './cash-flow-recon-page.tsx';

const grant = (permissionType: Permission['permissionType'], levels: AccessType[]): Permission => ({
  permissionType,
  accessLevelDTO: levels.map((accessType) => ({ accessType, conditionDTO: [] })),
});
const RECON_ADMIN = [grant('CASH_FLOW', ['READ']), grant('CASH_FLOW_RECON', ['READ', 'CREATE', 'UPDATE'])];
const RECON_READER = [grant('CASH_FLOW_RECON', ['READ'])];
const RECON_CASHIER = [
  grant('CASH_FLOW', ['READ', 'CREATE', 'UPDATE']),
  grant('CASH_FLOW_RECON', ['READ', 'CREATE', 'UPDATE']),
];

const day = (d: string, overrides: Partial<ReconRow> = {}): ReconRow => ({
  officeId: OFFICE_ID,
  office: 'Los Angeles',
  day: d,
  officeEnteredCents: 100000,
  accountingCents: 5000,
  depositCents: 105000,
  differenceCents: 0,
  status: 'OPEN',
  version: null,
  reconciledBy: null,
  reconciledAt: null,
  note: null,
  ...overrides,
});

const TOTAL = {
  officeEnteredCents: 200000,
  accountingCents: 10000,
  depositCents: 209999,
  differenceCents: -1,
  days: 2,
  reconciledDays: 1,
  daysWithDifference: 1,
};

function stub() {
  return stubServer({
    'POST /api/v1/cashFlow/reconTable': {
      items: [
        day('2026-11-02', { status: 'RECONCILED', version: 1, reconciledBy: 'Avery Accountant' }),
        day('2026-11-03', { depositCents: 104999, differenceCents: -1 }),
      ],
    },
    'POST /api/v1/cashFlow/reconTotal': TOTAL,
  });
}

describe('reconciliation', () => {
  it('shows the month’s days with the unbalanced one in red, and the month summary', async () => {
    stub();
    renderPage(<CashFlowReconPage />);
    const table = await screen.findByRole('table', { name: 'Reconciliation' });
    const unbalanced = (await within(table).findByText('-0.01')).closest('tr')!;
    expect(unbalanced.getAttribute('style')).toContain('red');
    const balanced = within(table).getByText('11-02-2026').closest('tr')!;
    expect(balanced.getAttribute('style') ?? '').not.toContain('red');
    expect(screen.getByText('$2,099.99')).toBeTruthy();
    expect(screen.getByText('1 of 2')).toBeTruthy();
  });

  it('marks a day reconciled with a note, shows the server’s refusal, and reopens with a required reason', async () => {
    const api = stub();
    api.use({ 'POST /api/v1/cashFlow/reconcile': apiError(400, RECON_MESSAGES.unbalanced('-$0.01')) });
    const user = userEvent.setup();
    renderPage(<CashFlowReconPage />, RECON_ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Mark reconciled' }));
    const form = await screen.findByRole('form', { name: 'Mark reconciled' });
    await user.type(within(form).getByRole('textbox', { name: /^Note/ }), 'Bank slip 44');
    await user.click(within(form).getByRole('button', { name: 'Mark reconciled' }));
    expect(await within(form).findByText(RECON_MESSAGES.unbalanced('-$0.01'))).toBeTruthy();
    expect(api.bodies('POST /api/v1/cashFlow/reconcile')[0]).toEqual({
      officeId: OFFICE_ID,
      day: '2026-11-03',
      note: 'Bank slip 44',
    });
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));

    api.use({ 'POST /api/v1/cashFlow/reopenRecon': day('2026-11-02', { status: 'REOPENED', version: 2 }) });
    await user.click(screen.getByRole('button', { name: 'Reopen' }));
    const reopen = await screen.findByRole('form', { name: 'Reopen day' });
    await user.click(within(reopen).getByRole('button', { name: 'Reopen day' }));
    expect(await within(reopen).findByText(RECON_MESSAGES.reason, { exact: false })).toBeTruthy();
    await user.type(within(reopen).getByRole('textbox', { name: /^Reason/ }), 'Deposit typed twice');
    await user.click(within(reopen).getByRole('button', { name: 'Reopen day' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Reopen day' })).toBeNull());
    expect(api.bodies('POST /api/v1/cashFlow/reopenRecon')[0]).toEqual({
      officeId: OFFICE_ID,
      day: '2026-11-02',
      reason: 'Deposit typed twice',
    });
  });

  it('shows no buttons to a reader, and sends a deposit in cents', async () => {
    stub();
    renderPage(<CashFlowReconPage />, RECON_READER);
    await screen.findByRole('table', { name: 'Reconciliation' });
    expect(screen.queryByRole('button', { name: 'Mark reconciled' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reopen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add deposit' })).toBeNull();
    // The entries behind a day are cash flow: without CASH_FLOW READ there is nothing to open.
    expect(screen.queryByRole('button', { name: 'Entries' })).toBeNull();

    document.body.innerHTML = '';
    const api = stub();
    api.use({
      'POST /api/v1/cashFlow/deposit': {
        id: OFFICE_ID.replace(/1$/, '9'),
        officeId: OFFICE_ID,
        depositDate: '2026-11-03',
        amountCents: -1050,
        reference: 'Correction',
        enteredBy: 'Avery Accountant',
        enteredAt: '2026-11-03T20:00:00.000Z',
      },
    });
    const user = userEvent.setup();
    renderPage(<CashFlowReconPage />, RECON_ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Add deposit' }));
    const form = await screen.findByRole('form', { name: 'New deposit' });
    const office = within(form).getByRole('combobox', { name: /^Office/ });
    await user.click(office);
    const listbox = document.getElementById(office.getAttribute('aria-controls')!)!;
    await user.click(await within(listbox).findByRole('option', { name: 'Los Angeles', hidden: true }));
    await user.type(within(form).getByRole('textbox', { name: /^Amount/ }), '-10.50');
    await user.type(within(form).getByRole('textbox', { name: /^Reference/ }), 'Correction');
    await user.click(within(form).getByRole('button', { name: 'Save deposit' }));
    await waitFor(() => expect(api.bodies('POST /api/v1/cashFlow/deposit')).toHaveLength(1));
    expect(api.bodies('POST /api/v1/cashFlow/deposit')[0]).toMatchObject({ officeId: OFFICE_ID, amountCents: -1050 });
  });

  it('opens a day’s entries, reverses one on that day, and signs the day from there', async () => {
    const entry = { ...ROW, paymentDate: '2026-11-03' };
    const reversal = {
      ...PAYMENT,
      id: id(52),
      receiptNumber: null,
      feesCents: -entry.feesCents,
      costCents: -entry.costCents,
      paymentDate: '2026-11-03',
      reversesId: entry.id,
      reason: 'Typed a cent too many',
    };
    const api = stub();
    api.use({ 'POST /api/v1/cashFlow/all': page([entry]), 'POST /api/v1/cashFlow/deletePayment': reversal });
    const user = userEvent.setup();
    renderPage(<CashFlowReconPage />, RECON_CASHIER);
    const table = await screen.findByRole('table', { name: 'Reconciliation' });

    // A signed day shows its entries and takes no change.
    const signed = (await within(table).findByText('11-02-2026')).closest('tr')!;
    await user.click(within(signed).getByRole('button', { name: 'Entries' }));
    let drawer = await screen.findByRole('dialog', { name: 'Los Angeles, 11-02-2026' });
    await within(drawer).findByRole('table', { name: 'Entries of the day' });
    expect(within(drawer).queryByRole('button', { name: 'Reverse' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Mark reconciled' })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Los Angeles, 11-02-2026' })).toBeNull());

    const unbalanced = within(table).getByText('11-03-2026').closest('tr')!;
    await user.click(within(unbalanced).getByRole('button', { name: 'Entries' }));
    drawer = await screen.findByRole('dialog', { name: 'Los Angeles, 11-03-2026' });
    expect(within(drawer).getByText('-$0.01')).toBeTruthy();
    const entries = await within(drawer).findByRole('table', { name: 'Entries of the day' });
    expect(within(entries).getByText('$1,275.50')).toBeTruthy();
    expect(api.bodies('POST /api/v1/cashFlow/all').at(-1)).toMatchObject({
      filter: { officeId: OFFICE_ID, dateFrom: '2026-11-03', dateTo: '2026-11-03', showReversed: true },
    });

    await user.click(within(entries).getByRole('button', { name: 'Reverse' }));
    const form = await screen.findByRole('form', { name: 'Reverse payment' });
    expect(within(form).getByLabelText(/^Reversal Date/)).toHaveProperty('value', '2026-11-03');
    await user.type(within(form).getByRole('textbox', { name: /^Reason/ }), 'Typed a cent too many');
    await user.click(within(form).getByRole('button', { name: 'Reverse payment' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Reverse payment' })).toBeNull());
    expect(api.bodies('POST /api/v1/cashFlow/deletePayment')[0]).toEqual({
      id: entry.id,
      reason: 'Typed a cent too many',
      reversalDate: '2026-11-03',
    });

    await user.click(within(drawer).getByRole('button', { name: 'Mark reconciled' }));
    const sign = await screen.findByRole('form', { name: 'Mark reconciled' });
    expect(within(sign).getByText('Los Angeles, 11-03-2026')).toBeTruthy();
  });
});
