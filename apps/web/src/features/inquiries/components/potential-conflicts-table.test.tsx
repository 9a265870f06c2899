import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PotentialConflict } from '@casedesk/contract/matching/potential-conflict';
import { createQueryClient } from '@/lib/query-client.ts';
import { fakeApi } from '@/test/fake-api.ts';
import type { PotentialConflictsTableProps } from './potential-conflicts-table.tsx';
import { PotentialConflictsTable } from './potential-conflicts-table.tsx';

const CONFLICTS = 'POST /api/v1/inquiry/potentialConflicts';
const CLIENT_ROW: PotentialConflict = {
  side: 'OPPOSING_PARTY_IS_CLIENT',
  names: 'Robert Smith',
  dateOfBirth: '1980-04-12',
  numbers: ['2135550101'],
  lmsClientNumber: 'LMS-0000001',
  clientId: '11111111-1111-4111-8111-111111111111',
  inquiryId: null,
  score: 75,
  reasons: ['SAME_DOB', 'NICKNAME'],
  restricted: false,
};
const RESTRICTED_ROW: PotentialConflict = {
  side: 'CLIENT_IS_OPPOSING_PARTY',
  names: null,
  dateOfBirth: null,
  numbers: [],
  lmsClientNumber: null,
  clientId: null,
  inquiryId: null,
  score: 35,
  reasons: ['SAME_NAME'],
  restricted: true,
};

function renderTable(props: PotentialConflictsTableProps) {
  const client = createQueryClient();
  const wrap = (p: PotentialConflictsTableProps): ReactElement => (
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <PotentialConflictsTable {...p} />
      </QueryClientProvider>
    </MantineProvider>
  );
  const view = render(wrap(props));
  return { rerender: (p: PotentialConflictsTableProps) => view.rerender(wrap(p)) };
}

async function elapse(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  for (let i = 0; i < 5; i += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PotentialConflictsTable (SPEC §2 potential-conflicts table)', () => {
  it('checks once, 250 ms after typing stops, and shows exactly the SPEC §2 headers', async () => {
    const api = fakeApi({ [CONFLICTS]: [CLIENT_ROW, RESTRICTED_ROW] });
    const table = renderTable({ client: {}, opposingParty: { firstName: 'Ro' } });
    await elapse(100);
    table.rerender({ client: {}, opposingParty: { firstName: 'Rob', lastName: 'Sm' } });
    await elapse(100);
    table.rerender({
      client: { firstName: 'Ann', lastName: 'Lee', phones: ['(305) 555'] },
      opposingParty: { firstName: 'Rob', lastName: 'Smyth', dateOfBirth: '04-12-1980', phones: ['213-555-0101'] },
      inquiryId: '44444444-4444-4444-8444-444444444444',
    });
    await elapse(249);
    expect(api.bodies(CONFLICTS)).toEqual([]);
    await elapse(1);
    expect(api.bodies(CONFLICTS)).toEqual([
      {
        client: { firstName: 'Ann', lastName: 'Lee', phones: [] },
        opposingParty: { firstName: 'Rob', lastName: 'Smyth', dateOfBirth: '1980-04-12', phones: ['2135550101'] },
        inquiryId: '44444444-4444-4444-8444-444444444444',
      },
    ]);

    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers).toEqual(['Names', 'DOB', 'Numbers', 'LMS Client Number']);
    const link = screen.getByRole('link', { name: 'Robert Smith' });
    expect(link.getAttribute('href')).toBe(`/client/${CLIENT_ROW.clientId}`);
    const row = link.closest('tr')!;
    expect(within(row).getByText('04-12-1980')).toBeTruthy();
    expect(within(row).getByText('(213) 555-0101')).toBeTruthy();
    expect(within(row).getByText('LMS-0000001')).toBeTruthy();
    expect(within(row).getByText('Opposing party is an existing client')).toBeTruthy();
    expect(screen.getByText('Restricted: an inquiry of another office')).toBeTruthy();
    expect(screen.getByText('Client is opposing party in another inquiry')).toBeTruthy();
  });

  it('shows "No potential conflicts" when nothing matches', async () => {
    fakeApi({ [CONFLICTS]: [] });
    renderTable({ client: { phones: ['2135550101'] }, opposingParty: {} });
    await elapse(250);
    expect(screen.getByText('No potential conflicts')).toBeTruthy();
  });

  it('asks nothing and shows nothing before there is anything to check', async () => {
    const api = fakeApi({ [CONFLICTS]: [] });
    renderTable({ client: { firstName: 'A', phones: ['12'] }, opposingParty: { dateOfBirth: '02-30-1980' } });
    await elapse(1000);
    expect(api.bodies(CONFLICTS)).toEqual([]);
    expect(screen.queryByTestId('potential-conflicts')).toBeNull();
  });
});
