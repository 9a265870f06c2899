import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client.ts';
import { PhoneSimulatorPage } from './phone-simulator-page.tsx';

const CONFIG = { authority: 'http://idp.test', clientId: 'web', scope: 'openid', resource: null, localMode: true };
const SID = `SM${'a'.repeat(32)}`;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The network boundary only: our page, api client and contract schemas run for real. */
function stubServer(enabled: boolean, posted: { url: string; body: unknown }[] = []) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.endsWith('/api/config')) return json(CONFIG);
      if (url.endsWith('/api/v1/simulator')) return json({ enabled, autoStatus: enabled, failingNumberSuffix: '0000' });
      if (url.includes('/api/v1/dropdown/smsOffice'))
        return json({ statusCode: 404, error: 'Not Found', message: 'x', code: 'NOT_FOUND' }, 404);
      if (url.endsWith('/api/v1/simulator/sms')) {
        posted.push({ url, body: JSON.parse(String(init?.body)) });
        return json({ messageSid: SID });
      }
      return json({ statusCode: 404, error: 'Not Found', message: 'Not found', code: 'NOT_FOUND' }, 404);
    }),
  );
  return posted;
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
    const posted = stubServer(true);
    renderPage();
    const form = await screen.findByRole('form', { name: 'Inbound text' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send inbound text' }));
    expect(await screen.findByText('* Message is required field')).toBeTruthy();
    expect(screen.getByText('* From is a required field.')).toBeTruthy();
    expect(posted).toEqual([]);

    fireEvent.change(within(form).getByLabelText(/From \(sender\)/), { target: { value: '5551234567' } });
    fireEvent.change(within(form).getByLabelText(/To \(office SMS number\)/), { target: { value: '5559870001' } });
    fireEvent.change(within(form).getByLabelText(/^Message/), { target: { value: 'STOP' } });
    fireEvent.submit(form);

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toEqual({ from: '5551234567', to: '5559870001', body: 'STOP' });
    expect(await screen.findByText(new RegExp(`Text ${SID} was posted`))).toBeTruthy();
  });
});
