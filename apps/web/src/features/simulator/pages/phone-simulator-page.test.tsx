import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client.ts';
import { apiError, fakeApi } from '@/test/fake-api.ts';
import { PhoneSimulatorPage } from './phone-simulator-page.tsx';

const SID = `SM${'a'.repeat(32)}`;

/** The network boundary only: our page, api client and contract schemas run for real. */
function stubServer(enabled: boolean) {
  return fakeApi({
    'GET /api/v1/simulator': { enabled, autoStatus: enabled, failingNumberSuffix: '0000' },
    'GET /api/v1/dropdown/smsOffice': apiError(404, 'x'),
    'POST /api/v1/simulator/sms': { messageSid: SID },
  });
}

function renderPage() {
  return render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <PhoneSimulatorPage />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('PhoneSimulatorPage', () => {
  it('says the simulator is off when Twilio is configured', async () => {
    stubServer(false);
    renderPage();
    expect(await screen.findByText('The simulator is off')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Inbound text' })).toBeNull();
  });

  it('validates with the contract messages, then posts an inbound text and says so', async () => {
    const api = stubServer(true);
    renderPage();
    const form = await screen.findByRole('form', { name: 'Inbound text' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send inbound text' }));
    expect(await screen.findByText('* Message is required field')).toBeTruthy();
    expect(screen.getByText('* From is a required field.')).toBeTruthy();
    expect(api.bodies('POST /api/v1/simulator/sms')).toEqual([]);

    fireEvent.change(within(form).getByLabelText(/From \(sender\)/), { target: { value: '5551234567' } });
    fireEvent.change(within(form).getByLabelText(/To \(office SMS number\)/), { target: { value: '5559870001' } });
    fireEvent.change(within(form).getByLabelText(/^Message/), { target: { value: 'STOP' } });
    fireEvent.submit(form);

    await waitFor(() => expect(api.bodies('POST /api/v1/simulator/sms')).toHaveLength(1));
    expect(api.bodies('POST /api/v1/simulator/sms')[0]).toEqual({ from: '5551234567', to: '5559870001', body: 'STOP' });
    expect(await screen.findByText(new RegExp(`Text ${SID} was posted`))).toBeTruthy();
  });
});
