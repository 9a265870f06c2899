import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ClientDetailsResponse } from '@casedesk/contract/clients/client-details';
import { clientDetail } from '@/test/fixtures.ts';
import { ClientTabs } from './client-tabs.tsx';
import { renderWithProviders } from './test-utils.tsx';

const profile = clientDetail({});
const address = {
  streetAddress: null,
  city: null,
  state: null,
  zipCode: null,
  county: null,
  country: null,
  address: null,
};

const ALL_LISTS: ClientDetailsResponse = {
  profile,
  address,
  image: { imageUrl: null },
  inquiries: [
    {
      id: '00000000-0000-4000-8000-000000000011',
      lawType: 'Personal Injury',
      caseDescription: 'Rear-ended on the freeway',
      source: null,
      leadOwnerName: null,
      createdAt: '2026-01-02T10:00:00.000Z',
    },
  ],
  calls: [],
  appointments: [],
  payments: [
    {
      id: '00000000-0000-4000-8000-000000000031',
      paymentDate: '2026-01-03',
      paymentType: 'MONEY_ORDER',
      office: 'Los Angeles',
      amountCents: 125_050,
      receiptNumber: '17',
      status: 'ENTERED',
    },
    {
      id: '00000000-0000-4000-8000-000000000032',
      paymentDate: '2026-01-04',
      paymentType: 'CASH',
      office: 'San Diego',
      amountCents: -1_000,
      receiptNumber: null,
      status: 'REVERSAL',
    },
  ],
  sms: [
    {
      id: '00000000-0000-4000-8000-000000000021',
      direction: 'INBOUND',
      fromNumber: '2135550142',
      toNumber: '2135550100',
      body: 'Is my settlement in?',
      operatorName: null,
      inquiryId: null,
      createdDate: '2026-01-02T11:00:00.000Z',
    },
  ],
};

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent?.replace(/\d+$/, ''));

describe('ClientTabs', () => {
  it('shows a tab for every list the server sent, the inquiries first', () => {
    renderWithProviders(<ClientTabs details={ALL_LISTS} onOpenInquiry={vi.fn()} />);
    expect(tabNames()).toEqual(['Inquiries', 'Calls', 'Appointments', 'Payments', 'SMS']);
    expect(screen.getByText('Rear-ended on the freeway')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /SMS/ }));
    expect(screen.getByText('Is my settlement in?')).toBeTruthy();
  });

  it('hides the tab of a list the user may not read (left out by the server), rather than showing it empty', () => {
    const { inquiries: _inquiries, calls: _calls, sms: _sms, ...allowed } = ALL_LISTS;
    renderWithProviders(<ClientTabs details={allowed} onOpenInquiry={vi.fn()} />);
    expect(tabNames()).toEqual(['Appointments', 'Payments']);
    // The first tab shown is the one open.
    expect(screen.getByRole('tab', { name: /Appointments/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('No active appointments')).toBeTruthy();
  });

  it('opens on the payments when it is the only list: type, office, amount in dollars and receipt', () => {
    const { inquiries: _i, calls: _c, sms: _s, appointments: _a, ...paymentsOnly } = ALL_LISTS;
    renderWithProviders(<ClientTabs details={paymentsOnly} onOpenInquiry={vi.fn()} />);
    expect(tabNames()).toEqual(['Payments']);
    expect(screen.getByText('Money order')).toBeTruthy();
    expect(screen.getByText('Los Angeles')).toBeTruthy();
    expect(screen.getByText('1,250.50')).toBeTruthy();
    expect(screen.getByText('17')).toBeTruthy();
    expect(screen.getByText('Reversal')).toBeTruthy();
  });

  it('shows no payments tab without CASH_FLOW READ (the server leaves the list out)', () => {
    const { payments: _p, ...noPayments } = ALL_LISTS;
    renderWithProviders(<ClientTabs details={noPayments} onOpenInquiry={vi.fn()} />);
    expect(tabNames()).toEqual(['Inquiries', 'Calls', 'Appointments', 'SMS']);
  });
});
