import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APPOINTMENT_LINK_MESSAGES,
  type PublicAppointmentDetail,
} from '@casedesk/contract/appointments/appointment-link';
import { createQueryClient } from '@/lib/query-client.ts';
import { apiError, fakeApi, type Handler } from '@/test/fake-api.ts';
import { AppointmentDetailPage } from './appointment-detail-page.tsx';

const DETAIL: PublicAppointmentDetail = {
  dateTime: '2026-03-10T17:00:00.000Z',
  date: 'Tuesday, March 10, 2026',
  time: '10:00 AM PDT',
  length: 30,
  officeName: 'Los Angeles',
  officeAddress: '350 S Grand Ave, Los Angeles, CA 90071',
  attorneyName: 'Avery Attorney',
  zoomLink: 'https://zoom.us/j/5550001111',
};

afterEach(() => vi.unstubAllGlobals());

/** Stubs the server: the public detail answers `reply`; every request is recorded. */
function stubDetail(reply: Handler<'GET /api/v1/public/appointment-detail'>) {
  return fakeApi({ 'GET /api/v1/public/appointment-detail': reply });
}

function renderAt(url: string) {
  return render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/appt-detail" element={<AppointmentDetailPage />} />
            <Route path="/pnc" element={<AppointmentDetailPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('AppointmentDetailPage (/appt-detail and /pnc, no sign-in)', () => {
  it('asks for the token of its link and shows date, time, office address, attorney and the Zoom link', async () => {
    const api = stubDetail(DETAIL);
    renderAt('/appt-detail?token=abc.def');
    expect(screen.getByRole('status', { name: 'Loading your appointment' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Your appointment' })).toBeTruthy();
    expect(api.requests.map((r) => r.url)).toEqual(['/api/v1/public/appointment-detail?token=abc.def']);
    expect(screen.getByText('Tuesday, March 10, 2026')).toBeTruthy();
    expect(screen.getByText(/10:00 AM PDT/)).toBeTruthy();
    expect(screen.getByText(/30 minutes/)).toBeTruthy();
    expect(screen.getByText('350 S Grand Ave, Los Angeles, CA 90071')).toBeTruthy();
    expect(screen.getByText('Avery Attorney')).toBeTruthy();
    const zoom = screen.getByRole('link', { name: 'https://zoom.us/j/5550001111' });
    expect(zoom.getAttribute('href')).toBe(DETAIL.zoomLink);
    expect(zoom.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Join Zoom meeting' }).getAttribute('href')).toBe(DETAIL.zoomLink);
  });

  it('shows no Zoom link when the attorney has none, and never a non-web one', async () => {
    stubDetail({ ...DETAIL, zoomLink: 'javascript:alert(1)' });
    renderAt('/pnc?token=abc.def');
    expect(await screen.findByText('Avery Attorney')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText(/Zoom/)).toBeNull();
  });

  it('a wrong or expired link shows the plain message', async () => {
    stubDetail(apiError(404, APPOINTMENT_LINK_MESSAGES.invalid));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/appt-detail?token=tampered');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText(APPOINTMENT_LINK_MESSAGES.invalid)).toBeTruthy();
    expect(screen.queryByText('Avery Attorney')).toBeNull();
  });

  it('a link without a token asks the server nothing and shows the same message', async () => {
    const api = stubDetail(DETAIL);
    renderAt('/appt-detail');
    expect(screen.getByText(APPOINTMENT_LINK_MESSAGES.invalid)).toBeTruthy();
    expect(api.requests).toEqual([]);
  });

  it('any other failure asks to try again later', async () => {
    stubDetail(apiError(429, 'Too many requests.'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/appt-detail?token=abc.def');
    expect(await screen.findByText(/Please try again in a minute/)).toBeTruthy();
  });
});
