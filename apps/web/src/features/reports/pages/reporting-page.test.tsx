import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallSummaryRequestInput } from '@casedesk/contract/reports/report';
import { apiError, fakeApi } from '@/test/fake-api.ts';
import { page } from '@/test/fixtures.ts';
import { reading, renderAs } from '../test-utils.tsx';
import { ReportingPage } from './reporting-page.tsx';

const CALL_SUMMARY = 'POST /api/v1/reports/callSummary';
const APPOINTMENT_SUMMARY = 'POST /api/v1/reports/appointmentSummary';
const REVIEW = 'POST /api/v1/reports/review';
const CHAT_COUNT = 'POST /api/v1/reports/chatCountSummary';

const appointmentCounts = (set: number, showed: number, signed: number) => ({
  set,
  showed,
  noShow: 1,
  cancelled: 1,
  rescheduled: 1,
  signed,
  showRate: Math.round((showed / (showed + 1)) * 1000) / 10,
  signRate: showed ? Math.round((signed / showed) * 1000) / 10 : null,
});
const reviewCounts = (sent: number, replied: number) => ({
  sent,
  byText: sent - 1,
  byMail: 1,
  replied,
  replyRate: Math.round((replied / sent) * 1000) / 10,
});

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
    [CHAT_COUNT]: apiError(403, 'No'),
    [APPOINTMENT_SUMMARY]: () => ({
      groupBy: 'OFFICE',
      ...page([{ key: 'la', label: 'Los Angeles', ...appointmentCounts(6, 2, 1) }]),
      totals: appointmentCounts(6, 2, 1),
    }),
    [REVIEW]: () => ({
      groupBy: 'OPERATOR',
      ...page([{ key: 'op', label: 'Olivia Operator', ...reviewCounts(4, 3) }]),
      totals: reviewCounts(4, 3),
    }),
  });
}

describe('ReportingPage', () => {
  it('shows the call summary as bars and a table with totals, and asks again by the chosen grouping', async () => {
    const api = stub();
    renderAs(<ReportingPage />, reading('COMMUNICATION_REPORTING'));
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

    // A report the server refuses says so in its card instead of failing the page.
    expect(await within(screen.getByTestId('chat-count-summary')).findByText(/does not open this report/)).toBeTruthy();
  });

  it('shows the appointment summary and the review requests beside the call summary, in the browser’s zone', async () => {
    const api = stub();
    renderAs(<ReportingPage />, reading('COMMUNICATION_REPORTING'));
    const appointmentsCard = await screen.findByTestId('appointment-summary');
    const table = within(appointmentsCard).getByRole('table', { name: 'Appointment summary' });
    await waitFor(() => expect(within(table).getByText('Los Angeles')).toBeTruthy());
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.trim()),
    ).toEqual([
      'Office',
      'Set',
      'Showed',
      'No show',
      'Cancelled',
      'Rescheduled',
      'Signed',
      'Show rate %',
      'Sign rate %',
    ]);
    expect(
      within(appointmentsCard).getByLabelText(/^Los Angeles: Signed 1, Showed, not signed 1, No show 1/),
    ).toBeTruthy();
    const reviewCard = screen.getByTestId('review-report');
    const reviews = within(reviewCard).getByRole('table', { name: 'Review requests' });
    await waitFor(() => expect(within(reviews).getByText('Olivia Operator')).toBeTruthy());
    expect(within(reviews).getAllByText('75').length).toBeGreaterThan(0);
    // Days are counted in the browser's named zone; offsetHours rides along for the server that needs it.
    const asked = api.calls(APPOINTMENT_SUMMARY)[0]!;
    expect(asked.url).toMatch(/offsetHours=/);
    expect(asked.body).toMatchObject({ groupBy: 'OFFICE', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Call summary',
      'Appointment summary',
      'Review requests',
      'Chat count summary',
    ]);
  });

  it('shows a call-centre reporter the call-centre reports only, and never asks for the texts', async () => {
    const api = stub();
    renderAs(<ReportingPage />, reading('CALL_CENTER_REPORTING'));
    await screen.findByTestId('review-report');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Call summary',
      'Appointment summary',
      'Review requests',
    ]);
    expect(screen.queryByTestId('chat-count-summary')).toBeNull();
    await waitFor(() => expect(api.calls(REVIEW).length).toBeGreaterThan(0));
    expect(api.calls(CHAT_COUNT)).toEqual([]);
  });
});
