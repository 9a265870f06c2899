import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallSummaryRequestInput } from '@casedesk/contract/reports/report';
import { createQueryClient } from '@/lib/query-client.ts';
import { apiError, fakeApi } from '@/test/fake-api.ts';
import { page } from '@/test/fixtures.ts';
import { ReportingPage } from './reporting-page.tsx';

const CALL_SUMMARY = 'POST /api/v1/reports/callSummary';

const callCounts = (total: number, answered: number, missed: number) => ({
  inbound: total,
  outbound: 0,
  total,
  answered,
  missed,
  duplicates: 1,
  avgTalkSeconds: answered ? 90 : null,
});

afterEach(() => vi.unstubAllGlobals());

function stub() {
  return fakeApi({
    [CALL_SUMMARY]: ({ body }) => ({
      groupBy: (body as CallSummaryRequestInput).groupBy ?? 'SOURCE',
      ...page([
        { key: 'Google Ads', label: 'Google Ads', ...callCounts(8, 6, 2) },
        { key: 'none', label: 'No tracking line', ...callCounts(2, 0, 1) },
      ]),
      totals: callCounts(10, 6, 3),
    }),
    'POST /api/v1/reports/chatCountSummary': apiError(403, 'No'),
  });
}

describe('ReportingPage', () => {
  it('shows the call summary as bars and a table with totals, and asks again by the chosen grouping', async () => {
    const api = stub();
    render(
      <MantineProvider>
        <QueryClientProvider client={createQueryClient()}>
          <ReportingPage />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const card = await screen.findByTestId('call-summary');
    const table = within(card).getByRole('table', { name: 'Call summary' });
    await waitFor(() => expect(within(table).getByText('Google Ads')).toBeTruthy());
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.trim()),
    ).toEqual(['Source', 'Inbound', 'Outbound', 'Answered', 'Missed', 'Avg talk seconds', 'Duplicates', 'Total']);
    // The header 'Total' and the totals row's label.
    expect(within(table).getAllByText('Total')).toHaveLength(2);
    const bars = within(card).getByTestId('report-bars');
    expect(within(bars).getByLabelText('Google Ads: Answered 6, Missed 2, Other 0')).toBeTruthy();

    const first = api.calls(CALL_SUMMARY)[0]!;
    expect(first.url).toMatch(/offsetHours=/);
    expect(first.body).toMatchObject({ groupBy: 'SOURCE', dateFrom: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });

    const user = userEvent.setup();
    await user.click(within(card).getByRole('combobox', { name: 'Group by' }));
    // The call summary's list comes first; happy-dom never finishes Mantine's open transition, so it counts as hidden.
    fireEvent.click(screen.getAllByRole('option', { name: 'Day', hidden: true })[0]!);
    await waitFor(() => expect(api.bodies(CALL_SUMMARY)).toContainEqual(expect.objectContaining({ groupBy: 'DAY' })));

    // Without COMMUNICATION_REPORTING the chat card says so instead of failing.
    expect(
      await within(screen.getByTestId('chat-count-summary')).findByText(/needs the Communication Reporting/),
    ).toBeTruthy();
  });
});
