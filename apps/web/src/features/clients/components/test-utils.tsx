import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { ClientDetail } from '@casedesk/contract/clients/client';
import { createQueryClient } from '@/lib/query-client.ts';

const CONFIG = { authority: 'http://idp.test', clientId: 'web', scope: 'openid', resource: null, localMode: true };

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function clientDetail(overrides: Partial<ClientDetail>): ClientDetail {
  const nulls = Object.fromEntries(
    [
      'middleName',
      'maidenName',
      'email',
      'placeOfBirth',
      'driverLicenseNumber',
      'driverLicenseState',
      'lmsClientNumber',
      'needlesClientNumber',
      'streetAddress',
      'city',
      'state',
      'zipCode',
      'county',
      'country',
      'address',
      'primaryNumber',
      'secondaryNumber',
      'mobileNumber',
      'homeNumber',
      'dateOfBirth',
      'officeId',
      'mergedIntoId',
      'mergedAt',
    ].map((k) => [k, null]),
  );
  return {
    ...nulls,
    id: '00000000-0000-4000-8000-000000000001',
    firstName: 'Ana',
    lastName: 'Lopez',
    autoText: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  } as ClientDetail;
}

/** The network boundary: the public config call the api client makes for the token, then `handle`. */
export function stubFetch(handle: (url: string, init: RequestInit | undefined) => Response | undefined) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('/api/config')) return json(CONFIG);
    return (
      handle(url, init) ?? json({ statusCode: 404, error: 'Not Found', message: 'Not found', code: 'NOT_FOUND' }, 404)
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function renderWithProviders(ui: ReactNode) {
  return render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}
