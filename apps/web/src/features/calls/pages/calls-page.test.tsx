import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallRow } from '@casedesk/contract/calls/call';
import { fakeApi } from '@/test/fake-api.ts';
import { page } from '@/test/fixtures.ts';
import { renderWithSession } from '../test-utils.tsx';
import { CallsPage } from './calls-page.tsx';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const row = (over: Partial<CallRow>): CallRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  direction: 'INBOUND',
  title: 'Ana Lopez',
  callerId: '2135550171',
  callResolution: 'Intake taken',
  opName: 'Olivia Operator',
  talkSeconds: 120,
  numberDialed: '8885550403',
  pointTo: 'Call Center',
  time: minutesAgo(30),
  lawType: 'Personal Injury',
  duplicate: false,
  clientId: null,
  inquiryId: null,
  status: 'completed',
  ongoing: false,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('CallsPage', () => {
  it('shows exactly the SPEC §2 headers and highlights ongoing calls with the phone indicator (SPEC §4)', async () => {
    const items = [
      row({
        id: '00000000-0000-4000-8000-000000000002',
        title: 'Ringing Now',
        talkSeconds: null,
        time: minutesAgo(4),
        ongoing: true,
      }),
      // Flagged ongoing when the server answered, but now over an hour old: no longer highlighted.
      row({
        id: '00000000-0000-4000-8000-000000000003',
        title: 'Long Gone',
        talkSeconds: null,
        time: minutesAgo(61),
        ongoing: true,
      }),
      row({ duplicate: true }),
    ];
    const api = fakeApi({ 'POST /api/v1/call/all': page(items), 'GET /api/v1/dropdown/office': [] });
    renderWithSession(<CallsPage />);
    const table = within(await screen.findByTestId('calls-table')).getByRole('table', { name: 'Calls' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim());
    expect(headers).toEqual([
      'title',
      'caller id',
      'call resolution',
      'op name',
      'talk seconds',
      'number dialed',
      'point to',
      'time',
      'law type',
      'duplicate',
    ]);
    await waitFor(() => expect(within(table).getByText('Ringing Now')).toBeTruthy());
    const ongoing = within(table).getAllByTestId('ongoing-call');
    expect(ongoing).toHaveLength(1);
    const ringingRow = within(table).getByText('Ringing Now').closest('tr')!;
    expect(ringingRow.contains(ongoing[0]!)).toBe(true);
    expect(ringingRow.getAttribute('style')).toContain('teal');
    expect(within(table).getByText('Long Gone').closest('tr')!.getAttribute('style') ?? '').not.toContain('teal');
    expect(within(table).getByText('Yes')).toBeTruthy();
    expect(screen.getByTestId('ongoing-call-legend')).toBeTruthy();
    expect(api.bodies('POST /api/v1/call/all')[0]).toMatchObject({ pageNumber: 1, filter: {} });
  });
});
