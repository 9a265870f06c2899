import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { ErrorPopup } from '@/components/error-popup.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { apiError, fakeApi } from '@/test/fake-api.ts';
import { clientSummary, page } from '@/test/fixtures.ts';
import { ClientSearchBox } from './client-search-box.tsx';

const ANN_ID = '00000000-0000-4000-8000-000000000001';
const BOB_ID = '00000000-0000-4000-8000-000000000002';

const CLIENTS = [
  clientSummary({
    id: ANN_ID,
    firstName: 'Ann',
    lastName: 'Smith',
    primaryNumber: '5551234567',
    dateOfBirth: '1980-02-29',
  }),
  clientSummary({ id: BOB_ID, firstName: 'Bob', lastName: 'Smithers', primaryNumber: null, dateOfBirth: null }),
];

const SEARCH = 'POST /api/v1/client/search';
/** The search's answer: `clients` of `totalCount` matches. */
const found = (clients: typeof CLIENTS, totalCount = clients.length, totalCountIsLowerBound = false) => ({
  ...page(clients, { totalCount }),
  totalCountIsLowerBound,
});

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
    const api = fakeApi({ [SEARCH]: found(CLIENTS) });
    const input = renderSearchBox();

    type(input, 'S');
    await elapse(100);
    type(input, 'Sm');
    await elapse(100);
    type(input, 'Smi ');
    await elapse(299);
    expect(api.bodies(SEARCH)).toEqual([]);

    await elapse(1);
    expect(api.bodies(SEARCH)).toEqual([{ pageNumber: 1, pageSize: 100, filter: { searchKeyword: 'Smi' } }]);
    expect(screen.getByText('Ann Smith')).toBeTruthy();
    expect(screen.getByText('(555) 123-4567 · 02-29-1980')).toBeTruthy();

    await elapse(1000);
    expect(api.bodies(SEARCH)).toHaveLength(1);
  });

  it('says when there are more matches than were counted', async () => {
    fakeApi({ [SEARCH]: found(CLIENTS, 1000, true) });
    const input = renderSearchBox();

    type(input, 'sm');
    await elapse(300);
    expect(screen.getByText('First 2 of 1,000+')).toBeTruthy();
  });

  it('never searches for blank input', async () => {
    const api = fakeApi({ [SEARCH]: found([]) });
    const input = renderSearchBox();

    type(input, '   ');
    await elapse(1000);
    type(input, '');
    await elapse(1000);
    expect(api.bodies(SEARCH)).toEqual([]);
  });

  it('opens the chosen client', async () => {
    fakeApi({ [SEARCH]: found(CLIENTS) });
    const input = renderSearchBox();

    type(input, 'smith');
    await elapse(300);
    fireEvent.click(screen.getByText('Bob Smithers'));
    await elapse(0);
    expect(screen.getByTestId('location').textContent).toBe(`/client/${BOB_ID}`);
  });

  it('opens client search with the keyword on Enter', async () => {
    fakeApi({ [SEARCH]: found(CLIENTS) });
    const input = renderSearchBox();

    type(input, ' ann smith ');
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await elapse(0);
    expect(screen.getByTestId('location').textContent).toBe('/management/search-client?searchKeyword=ann+smith');
  });

  it('shows a failed search in its dropdown, not in the error popup', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeApi({ [SEARCH]: apiError(500, 'Boom') });
    const input = renderSearchBox();

    type(input, 'smith');
    await elapse(300);
    expect(screen.getByText('Search could not be completed. Try again.')).toBeTruthy();
    expect(screen.queryByText('Application ran into an error')).toBeNull();
  });
});
