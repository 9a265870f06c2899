import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client.ts';
import { ReportingPage } from './reporting-page.tsx';

const CONFIG = { authority: 'http://idp.test', clientId: 'web', scope: 'openid', resource: null, localMode: true };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

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

function stub(requests: { url: string; body: Record<string, unknown> }[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.endsWith('/api/config')) return json(CONFIG);
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      requests.push({ url, body });
      if (url.includes('/reports/callSummary')) {
        return json({
          groupBy: body.groupBy,
          rows: [
            { key: 'Google Ads', label: 'Google Ads', ...callCounts(8, 6, 2) },
            { key: 'none', label: 'No tracking line', ...callCounts(2, 0, 1) },
          ],
          totals: callCounts(10, 6, 3),
        });
      }
      if (url.includes('/reports/chatCountSummary')) {
        return json({ statusCode: 403, error: 'Forbidden', code: 'FORBIDDEN', message: 'No' }, 403);
      }
      return json({}, 404);
    }),
  );
}

describe('ReportingPage', () => {
  it('shows the call summary as bars and a table with totals, and asks again by the chosen grouping', async () => {
    const requests: { url: string; body: Record<string, unknown> }[] = [];
    stub(requests);
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

    const first = requests.find((r) => r.url.includes('/reports/callSummary'))!;
    expect(first.url).toMatch(/offsetHours=/);
    expect(first.body).toMatchObject({ groupBy: 'SOURCE', dateFrom: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });

    const user = userEvent.setup();
    await user.click(within(card).getByRole('combobox', { name: 'Group by' }));
    // The call summary's list comes first; happy-dom never finishes Mantine's open transition, so it counts as hidden.
    fireEvent.click(screen.getAllByRole('option', { name: 'Day', hidden: true })[0]!);
    await waitFor(() =>
      expect(requests.some((r) => r.url.includes('/reports/callSummary') && r.body.groupBy === 'DAY')).toBe(true),
    );

    // Without COMMUNICATION_REPORTING the chat card says so instead of failing.
    expect(
      await within(screen.getByTestId('chat-count-summary')).findByText(/needs the Communication Reporting/),
    ).toBeTruthy();
  });
});
