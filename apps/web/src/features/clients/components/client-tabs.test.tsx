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
  payments: [],
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

  it('opens on the payments when it is the only list', () => {
    const { inquiries: _i, calls: _c, sms: _s, appointments: _a, ...profileOnly } = ALL_LISTS;
    renderWithProviders(<ClientTabs details={profileOnly} onOpenInquiry={vi.fn()} />);
    expect(tabNames()).toEqual(['Payments']);
    expect(screen.getByText('No payments from this client')).toBeTruthy();
  });
});
