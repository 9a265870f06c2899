import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AccessType } from '@casedesk/contract/access/permissions';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { TRUST_MESSAGES, type ThreeWay, type TrustEntry } from '@casedesk/contract/accounting/trust';
import { apiError } from '@/test/fake-api.ts';
import { page } from '@/test/fixtures.ts';
import { CLIENT_ID, id, OFFICE_ID, renderPage, stubServer } from '../test-utils.tsx';
import { lastMonth } from '../components/three-way-panel.tsx';
import { TrustPage } from './trust-page.tsx';

const grant = (permissionType: Permission['permissionType'], levels: AccessType[]): Permission => ({
  permissionType,
  accessLevelDTO: levels.map((accessType) => ({ accessType, conditionDTO: [] })),
});
const TRUST_ADMIN = [grant('CASH_FLOW', ['READ', 'CREATE', 'UPDATE']), grant('CASH_FLOW_RECON', ['READ', 'CREATE'])];
const READER = [grant('CASH_FLOW', ['READ']), grant('CASH_FLOW_RECON', ['READ'])];
const INQUIRY_ID = id(61);

const LEDGER_ROW = {
  officeId: OFFICE_ID,
  office: 'Los Angeles',
  inquiryId: INQUIRY_ID,
  matter: 'Family · 01-05-2026',
  clientId: CLIENT_ID,
  client: 'Ana Lopez',
  balanceCents: 12000,
  lastEntryAt: '2026-11-20T17:30:00.000Z',
};

const entry = (n: number, overrides: Partial<TrustEntry>): TrustEntry => ({
  id: id(700 + n),
  officeId: OFFICE_ID,
  inquiryId: INQUIRY_ID,
  kind: 'DEPOSIT',
  amountCents: 20000,
  balanceCents: 20000,
  payee: null,
  purpose: null,
  reason: null,
  entryDate: '2026-11-02',
  enteredBy: 'Avery Accountant',
  enteredAt: '2026-11-02T17:00:00.000Z',
  paymentId: id(800),
  reversesId: null,
  reversedById: null,
  ...overrides,
});

const threeWay = (overrides: Partial<ThreeWay> = {}): ThreeWay => ({
  officeId: OFFICE_ID,
  month: lastMonth(),
  through: `${lastMonth()}-30`,
  statementCents: null,
  bookCents: 12000,
  ledgersCents: 12300,
  bankMinusBookCents: null,
  ledgersMinusBookCents: 300,
  agrees: false,
  signed: false,
  differingLedgers: [
    {
      inquiryId: INQUIRY_ID,
      clientId: CLIENT_ID,
      client: 'Ana Lopez',
      ledgerCents: 12300,
      entriesCents: 12000,
      differenceCents: 300,
    },
  ],
  versions: [],
  ...overrides,
});

function stub() {
  return stubServer({
    'POST /api/v1/trust/ledgers': page([LEDGER_ROW]),
    'GET /api/v1/trust/ledger/:inquiryId': {
      inquiryId: INQUIRY_ID,
      clientId: CLIENT_ID,
      client: 'Ana Lopez',
      matter: LEDGER_ROW.matter,
      entries: [
        entry(1, {}),
        entry(2, {
          kind: 'DISBURSEMENT',
          amountCents: -8000,
          balanceCents: 12000,
          paymentId: null,
          payee: 'County Court',
          purpose: 'Filing fee',
        }),
      ],
    },
    'POST /api/v1/trust/threeWay': ({ body }) => {
      const typed = (body as { statementBalanceCents?: number }).statementBalanceCents ?? null;
      return threeWay({ statementCents: typed, bankMinusBookCents: typed === null ? null : typed - 12000 });
    },
  });
}

async function chooseOffice(user: ReturnType<typeof userEvent.setup>) {
  const office = await screen.findByRole('combobox', { name: 'Office' });
  await user.click(office);
  const listbox = document.getElementById(office.getAttribute('aria-controls')!)!;
  await user.click(await within(listbox).findByRole('option', { name: 'Los Angeles', hidden: true }));
}

describe('client trust money', () => {
  it('lists the balances, opens a ledger with its running balance, and disburses in cents', async () => {
    const api = stub();
    api.use({ 'POST /api/v1/trust/disbursement': apiError(409, TRUST_MESSAGES.belowZero(12000, 15000)) });
    const user = userEvent.setup();
    renderPage(<TrustPage />, TRUST_ADMIN);
    const table = await screen.findByRole('table', { name: 'Trust balances' });
    await user.click(await within(table).findByText('Ana Lopez'));
    const entries = await screen.findByRole('table', { name: 'Ledger entries' });
    expect(await within(entries).findByText('County Court · Filing fee')).toBeTruthy();
    expect(within(entries).getByText('-80.00')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Disburse' }));
    const form = await screen.findByRole('form', { name: 'Disburse' });
    await user.type(within(form).getByRole('textbox', { name: /^Amount/ }), '150');
    await user.type(within(form).getByRole('textbox', { name: /^Payee/ }), 'Dr. Patel');
    await user.type(within(form).getByRole('textbox', { name: /^Purpose/ }), 'Medical report');
    await user.click(within(form).getByRole('button', { name: 'Disburse' }));
    expect(await within(form).findByText(TRUST_MESSAGES.belowZero(12000, 15000), { exact: false })).toBeTruthy();
    expect(api.bodies('POST /api/v1/trust/disbursement')[0]).toMatchObject({
      officeId: OFFICE_ID,
      inquiryId: INQUIRY_ID,
      amountCents: 15000,
      payee: 'Dr. Patel',
      purpose: 'Medical report',
    });
  });

  it('shows the three-way figures with the differences in red, and signs only when they agree', async () => {
    const api = stub();
    const user = userEvent.setup();
    renderPage(<TrustPage />, TRUST_ADMIN);
    expect(await screen.findByText(/Choose an office/)).toBeTruthy();
    await chooseOffice(user);
    const panel = await screen.findByRole('region', { name: 'Three-way reconciliation' });
    expect(await within(panel).findByText(/Ana Lopez: ledger \$123\.00/)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Sign' })).toHaveProperty('disabled', true);
    await user.type(within(panel).getByRole('textbox', { name: /Bank statement/ }), '119.99');
    await waitFor(() =>
      expect(api.bodies('POST /api/v1/trust/threeWay').at(-1)).toMatchObject({ statementBalanceCents: 11999 }),
    );
    expect(await within(panel).findByText('-$0.01')).toBeTruthy();
    const ledgers = within(panel).getByText('Client ledgers').nextElementSibling!;
    expect(ledgers.getAttribute('style') ?? ledgers.className).toMatch(/red/);

    api.use({
      'POST /api/v1/trust/threeWay': threeWay({
        statementCents: 12000,
        ledgersCents: 12000,
        bankMinusBookCents: 0,
        ledgersMinusBookCents: 0,
        agrees: true,
        differingLedgers: [],
      }),
      'POST /api/v1/trust/signThreeWay': threeWay({ signed: true, agrees: true }),
    });
    await user.clear(within(panel).getByRole('textbox', { name: /Bank statement/ }));
    await user.type(within(panel).getByRole('textbox', { name: /Bank statement/ }), '120');
    const sign = within(panel).getByRole('button', { name: 'Sign' });
    await waitFor(() => expect(sign).toHaveProperty('disabled', false));
    await user.click(sign);
    const form = await screen.findByRole('form', { name: 'Sign month' });
    await user.click(within(form).getByRole('button', { name: 'Sign month' }));
    await waitFor(() => expect(api.bodies('POST /api/v1/trust/signThreeWay')).toHaveLength(1));
    expect(api.bodies('POST /api/v1/trust/signThreeWay')[0]).toEqual({
      officeId: OFFICE_ID,
      month: lastMonth(),
      statementBalanceCents: 12000,
      note: null,
    });
  });

  it('shows no Disburse, Reverse or Sign to a reader', async () => {
    stub();
    const user = userEvent.setup();
    renderPage(<TrustPage />, READER);
    const table = await screen.findByRole('table', { name: 'Trust balances' });
    await user.click(await within(table).findByText('Ana Lopez'));
    await screen.findByText('County Court · Filing fee');
    expect(screen.queryByRole('button', { name: 'Disburse' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reverse' })).toBeNull();
    await chooseOffice(user);
    await screen.findByText(/Ana Lopez: ledger/);
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
  });
});
