import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserAccessRow } from '@casedesk/contract/access/access-admin';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { DIRECTORY_SYNC_MESSAGES } from '@casedesk/contract/directory/directory-sync';
import { createQueryClient } from '@/lib/query-client.ts';
import { SessionContext } from '@/lib/session-context.ts';
import { apiError, fakeApi, type FakeApi, type Reply } from '@/test/fake-api.ts';
import { userDetail, uuid } from '@/test/fixtures.ts';
import { UserAccessPage } from './user-access-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const row = (n: number, displayName: string): UserAccessRow => ({
  id: uuid(n),
  displayName,
  mail: `user${n}@casedesk.local`,
  role: 'OPERATOR',
  officeId: null,
  officeName: null,
  accountEnabled: true,
  defaultDashboard: null,
  lastSignInAt: null,
  permissionCount: 0,
  profileId: null,
  profileName: null,
});
const grants = (...levels: ('READ' | 'UPDATE')[]): Permission[] => [
  { permissionType: 'USER_ACCESS', accessLevelDTO: levels.map((accessType) => ({ accessType, conditionDTO: [] })) },
];
const SYNC = 'POST /api/v1/user/syncWithAD' as const;
const LIST = 'POST /api/v1/user/withAccessControl' as const;

function stubServer(sync: () => Reply<typeof SYNC>): FakeApi {
  let synced = false;
  return fakeApi({
    [LIST]: () => {
      const items = synced ? [row(1, 'Olive Operator'), row(2, 'Graph User')] : [row(1, 'Olive Operator')];
      return { items, totalCount: items.length, pageNumber: 1, pageSize: 25 };
    },
    [SYNC]: () => {
      synced = true;
      return sync();
    },
    'GET /api/v1/accessControl/conditionValues': [],
    'GET /api/v1/accessControl/profiles': [],
    'GET /api/v1/accessControl/directoryGroups': [],
  });
}

function renderPage(permissions: Permission[]) {
  const router = createMemoryRouter([{ path: '/admin-panel/user-access', element: <UserAccessPage /> }], {
    initialEntries: ['/admin-panel/user-access'],
  });
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <SessionContext value={{ user: userDetail({ role: 'ADMIN' }), permissions }}>
          <RouterProvider router={router} />
        </SessionContext>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('User access: Sync with directory', { timeout: 60_000 }, () => {
  it('syncs, shows the counts and refreshes the list', async () => {
    const api = stubServer(() => ({
      trigger: 'manual',
      mode: 'full',
      startedAt: '2026-11-26T14:00:00.000Z',
      finishedAt: '2026-11-26T14:00:02.000Z',
      counts: { created: 1, updated: 2, disabled: 1, deleted: 0, unchanged: 5, failed: 0 },
    }));
    const user = userEvent.setup();
    renderPage(grants('READ', 'UPDATE'));
    await screen.findByText('Olive Operator');
    await user.click(screen.getByRole('button', { name: 'Sync with directory' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sync with directory' });
    const counts = await within(dialog).findByRole('list', { name: 'Users synced' });
    expect(within(counts).getByText('1 created (without permissions)')).toBeTruthy();
    expect(within(counts).getByText('2 updated')).toBeTruthy();
    expect(within(counts).getByText('1 disabled')).toBeTruthy();
    expect(within(counts).getByText('5 unchanged')).toBeTruthy();
    expect(api.calls(SYNC)).toHaveLength(1);
    // The list is read again and shows the new user.
    await waitFor(() => expect(api.calls(LIST).length).toBeGreaterThanOrEqual(2));
    expect(await screen.findByText('Graph User')).toBeTruthy();
  });

  it('explains what to configure when Microsoft Graph is not set up', async () => {
    stubServer(() => apiError(422, DIRECTORY_SYNC_MESSAGES.notConfigured));
    const user = userEvent.setup();
    renderPage(grants('READ', 'UPDATE'));
    await user.click(await screen.findByRole('button', { name: 'Sync with directory' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sync with directory' });
    expect(await within(dialog).findByText('Directory sync is not set up')).toBeTruthy();
    expect(within(dialog).getByText(DIRECTORY_SYNC_MESSAGES.notConfigured)).toBeTruthy();
  });

  it('is not offered without USER_ACCESS UPDATE', async () => {
    stubServer(() => apiError(403));
    renderPage(grants('READ'));
    await screen.findByText('Olive Operator');
    expect(screen.queryByRole('button', { name: 'Sync with directory' })).toBeNull();
  });
});
