import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { ClientSummary } from '@casedesk/contract/clients/client';
import { ErrorPopup } from '@/components/error-popup.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { ClientSearchBox } from './client-search-box.tsx';

const CONFIG = { authority: 'http://idp.test', clientId: 'web', scope: 'openid', resource: null, localMode: true };
const ANN_ID = '00000000-0000-4000-8000-000000000001';
const BOB_ID = '00000000-0000-4000-8000-000000000002';

/** A search result as the contract's client summary has it (the response is checked against the schema). */
function summary(client: Pick<ClientSummary, 'id' | 'firstName' | 'lastName' | 'primaryNumber' | 'dateOfBirth'>) {
  const blank = { middleName: null, secondaryNumber: null, mobileNumber: null, homeNumber: null, email: null };
  const rest = { lmsClientNumber: null, needlesClientNumber: null, city: null, state: null, officeId: null };
  return { ...blank, ...rest, ...client } satisfies ClientSummary;
}

const CLIENTS = [
  summary({ id: ANN_ID, firstName: 'Ann', lastName: 'Smith', primaryNumber: '5551234567', dateOfBirth: '1980-02-29' }),
  summary({ id: BOB_ID, firstName: 'Bob', lastName: 'Smithers', primaryNumber: null, dateOfBirth: null }),
];

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The network boundary: the public config call the api client makes for the token, and the search. */
function stubFetch(search: (body: unknown) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('/api/config')) return json(CONFIG);
    if (url.includes('/api/v1/client/search')) return search(JSON.parse(String(init?.body)));
    return json({ statusCode: 404, error: 'Not Found', message: 'Not found', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    searchBodies: () =>
      fetchMock.mock.calls
        .filter(([input]) => String(input).includes('/api/v1/client/search'))
        .map(([, init]) => JSON.parse(String(init?.body)) as unknown),
  };
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderSearchBox() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <ClientSearchBox />
            <Location />
          </>
        ),
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
        <ErrorPopup />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return screen.getByRole('combobox', { name: 'Search Client' });
}

/** Moves the fake clock and lets the promises it released settle (query, token lookup, fetch). */
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

function type(input: HTMLElement, value: string) {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  window.localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ClientSearchBox (SPEC §2 top search, §9 300 ms debounce)', () => {
  it('searches once, 300 ms after typing stops, with page 1 of 100', async () => {
    const network = stubFetch(() =>
      json({ items: CLIENTS, totalCount: 2, totalCountIsLowerBound: false, pageNumber: 1, pageSize: 100 }),
    );
    const input = renderSearchBox();

    type(input, 'S');
    await elapse(100);
    type(input, 'Sm');
    await elapse(100);
    type(input, 'Smi ');
    await elapse(299);
    expect(network.searchBodies()).toEqual([]);

    await elapse(1);
    expect(network.searchBodies()).toEqual([{ pageNumber: 1, pageSize: 100, filter: { searchKeyword: 'Smi' } }]);
    expect(screen.getByText('Ann Smith')).toBeTruthy();
    expect(screen.getByText('(555) 123-4567 · 02-29-1980')).toBeTruthy();

    await elapse(1000);
    expect(network.searchBodies()).toHaveLength(1);
  });

  it('says when there are more matches than were counted', async () => {
    stubFetch(() =>
      json({ items: CLIENTS, totalCount: 1000, totalCountIsLowerBound: true, pageNumber: 1, pageSize: 100 }),
    );
    const input = renderSearchBox();

    type(input, 'sm');
    await elapse(300);
    expect(screen.getByText('First 2 of 1,000+')).toBeTruthy();
  });

  it('never searches for blank input', async () => {
    const network = stubFetch(() =>
      json({ items: [], totalCount: 0, totalCountIsLowerBound: false, pageNumber: 1, pageSize: 100 }),
    );
    const input = renderSearchBox();

    type(input, '   ');
    await elapse(1000);
    type(input, '');
    await elapse(1000);
    expect(network.searchBodies()).toEqual([]);
  });

  it('opens the chosen client', async () => {
    stubFetch(() =>
      json({ items: CLIENTS, totalCount: 2, totalCountIsLowerBound: false, pageNumber: 1, pageSize: 100 }),
    );
    const input = renderSearchBox();

    type(input, 'smith');
    await elapse(300);
    fireEvent.click(screen.getByText('Bob Smithers'));
    await elapse(0);
    expect(screen.getByTestId('location').textContent).toBe(`/client/${BOB_ID}`);
  });

  it('opens client search with the keyword on Enter', async () => {
    stubFetch(() =>
      json({ items: CLIENTS, totalCount: 2, totalCountIsLowerBound: false, pageNumber: 1, pageSize: 100 }),
    );
    const input = renderSearchBox();

    type(input, ' ann smith ');
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await elapse(0);
    expect(screen.getByTestId('location').textContent).toBe('/management/search-client?searchKeyword=ann+smith');
  });

  it('shows a failed search in its dropdown, not in the error popup', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => json({ statusCode: 500, error: 'Internal Server Error', message: 'Boom', code: 'INTERNAL' }, 500));
    const input = renderSearchBox();

    type(input, 'smith');
    await elapse(300);
    expect(screen.getByText('Search could not be completed. Try again.')).toBeTruthy();
    expect(screen.queryByText('Application ran into an error')).toBeNull();
  });
});
