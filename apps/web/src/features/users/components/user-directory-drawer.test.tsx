import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserDirectoryEntry } from '@casedesk/contract/users/user';
import { createQueryClient } from '@/lib/query-client.ts';
import { fakeApi } from '@/test/fake-api.ts';
import { UserDirectoryDrawer } from './user-directory-drawer.tsx';

const TOTAL = 25;

const colleague = (n: number): UserDirectoryEntry => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  displayName: `Colleague ${String(n).padStart(2, '0')}`,
  mail: `colleague${n}@casedesk.local`,
  workNumber: null,
  phoneExtension: null,
  mobileNumber: null,
  location: null,
});

/**
 * The product API at the network boundary: POST /user/directory answers with the asked page; a page
 * listed in `held` waits for its promise.
 */
function stubDirectory(held: Map<number, Promise<void>>) {
  fakeApi({
    'POST /api/v1/user/directory': async ({ body }) => {
      const { pageNumber } = body as { pageNumber: number };
      const first = (pageNumber - 1) * 10 + 1;
      const items = Array.from({ length: Math.min(10, TOTAL - first + 1) }, (_, i) => colleague(first + i));
      await held.get(pageNumber);
      return { items, totalCount: TOTAL, pageNumber, pageSize: 10 };
    },
  });
}

function renderDrawer() {
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <UserDirectoryDrawer opened onClose={() => undefined} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const range = () => screen.getByTestId('directory-range').textContent;
const table = () => screen.getByRole('table', { name: 'User directory' });
/** The first body row's text. */
const firstRow = () => within(table()).getAllByRole('row')[1]!.textContent;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UserDirectoryDrawer', () => {
  it('while the next page loads the table is busy and the range changes only with the rows', async () => {
    let releasePage2 = () => undefined as void;
    const page2 = new Promise<void>((release) => (releasePage2 = release));
    stubDirectory(new Map([[2, page2]]));
    renderDrawer();
    await waitFor(() => expect(range()).toBe(`1–10 of ${TOTAL}`));
    expect(firstRow()).toContain('Colleague 01');

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    // Skeleton rows while page 2 is on its way; the range does not claim rows that are not there yet.
    await waitFor(() => expect(table().getAttribute('aria-busy')).toBe('true'));
    expect(screen.getAllByTestId('data-table-skeleton-row').length).toBeGreaterThan(0);
    expect(range()).toBe(`1–10 of ${TOTAL}`);

    releasePage2();
    await waitFor(() => expect(range()).toBe(`11–20 of ${TOTAL}`));
    expect(firstRow()).toContain('Colleague 11');
    expect(table().getAttribute('aria-busy')).toBeNull();
  });
});
