import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publishLiveMessage } from '@/lib/live-messages.ts';
import { fakeApi } from '@/test/fake-api.ts';
import { dashboard, figure, operator, renderDashboard } from '../test-utils.tsx';
import { CallCenterDashboardPage } from './call-center-dashboard-page.tsx';
import { OfficeDashboardPage } from './office-dashboard-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const CALL_CENTER = dashboard('CALL_CENTER', [
  figure('CALL_CENTER', 'ongoingCalls', 'Ongoing calls', 2),
  figure('CALL_CENTER', 'inboundCalls', 'Inbound calls', 3),
  figure('CALL_CENTER', 'answerRate', 'Answer rate', 66.7, 'percent'),
  figure('CALL_CENTER', 'averageTalkSeconds', 'Average talk time', 65, 'seconds'),
]);

function callCentreApi() {
  return fakeApi({
    'POST /api/v1/dashboard/callCenter': CALL_CENTER,
    'GET /api/v1/dashboard/mine': { available: ['CALL_CENTER', 'OFFICE'], landing: 'CALL_CENTER' },
    'POST /api/v1/dashboard/rows': {
      title: 'Ongoing calls',
      columns: [
        { id: 'time', header: 'Time', unit: 'instant' },
        { id: 'callerId', header: 'Caller Id', unit: 'text' },
      ],
      rows: [
        { time: '2026-11-27T14:58:00.000Z', callerId: '3105550199' },
        { time: '2026-11-27T14:59:00.000Z', callerId: '3105550100' },
      ],
      totalCount: 2,
      totalCents: null,
      pageNumber: 1,
      pageSize: 100,
    },
  });
}

describe('call-centre dashboard', () => {
  it("shows the figures formatted, greets the user and sends the browser's zone and offsetHours", async () => {
    const api = callCentreApi();
    renderDashboard(<CallCenterDashboardPage />);
    expect(await screen.findByRole('button', { name: /Answer rate\s*66\.7%/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Average talk time\s*1m 05s/ })).toBeTruthy();
    expect(screen.getByTestId('dashboard-user-name').textContent).toBe('Olivia Operator');
    expect(screen.getByTestId('dashboard-is-default')).toBeTruthy();
    const [call] = api.calls('POST /api/v1/dashboard/callCenter');
    expect(call!.body).toEqual({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    expect(call!.query.offsetHours).toBeDefined();
  });

  it('opens the rows behind a figure, with their count, phones formatted', async () => {
    const api = callCentreApi();
    renderDashboard(<CallCenterDashboardPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Ongoing calls\s*2/ }));
    const drawer = await screen.findByTestId('drill-drawer', {}, { timeout: 5_000 });
    await waitFor(() => expect(within(drawer).getByTestId('drill-total').textContent).toBe('2 rows'));
    expect(within(drawer).getByText('(310) 555-0199')).toBeTruthy();
    expect(api.bodies('POST /api/v1/dashboard/rows')[0]).toMatchObject({
      drill: { dashboard: 'CALL_CENTER', figure: 'ongoingCalls' },
      pageNumber: 1,
      pageSize: 100,
    });
  });

  it('refreshes once for a burst of live call events, not once per event', async () => {
    const api = callCentreApi();
    renderDashboard(<CallCenterDashboardPage />);
    await screen.findByRole('button', { name: /Ongoing calls\s*2/ });
    expect(api.calls('POST /api/v1/dashboard/callCenter')).toHaveLength(1);
    for (let i = 0; i < 10; i++) publishLiveMessage('CALL');
    publishLiveMessage('NEW_DIRECT');
    await waitFor(() => expect(api.calls('POST /api/v1/dashboard/callCenter')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.calls('POST /api/v1/dashboard/callCenter')).toHaveLength(2);
  });
});

describe('dashboard switcher', () => {
  it("offers the user's dashboards and stores the one on screen as theirs", async () => {
    const api = fakeApi({
      'POST /api/v1/dashboard/office': dashboard('OFFICE', [
        figure('OFFICE', 'appointmentsToday', 'Appointments today', 4),
      ]),
      'GET /api/v1/dashboard/mine': { available: ['CALL_CENTER', 'OFFICE'], landing: 'CALL_CENTER' },
      'PUT /api/v1/user/updateDashboard': ({ body }) => ({ ...operator, ...(body as object) }),
    });
    renderDashboard(<OfficeDashboardPage />);
    const nav = await screen.findByRole('navigation', { name: 'Dashboards' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Call center', '/dashboard/dashboard-call-center'],
      ['Office', '/dashboard/dashboard-office'],
    ]);
    expect(within(nav).getByRole('link', { current: 'page' }).textContent).toBe('Office');
    fireEvent.click(await screen.findByRole('button', { name: 'Make this my dashboard' }));
    await waitFor(() =>
      expect(api.bodies('PUT /api/v1/user/updateDashboard')).toEqual([{ defaultDashboard: 'OFFICE' }]),
    );
  });
});
