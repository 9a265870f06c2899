import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserAccessRow } from '@casedesk/contract/access/access-admin';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { createQueryClient } from '@/lib/query-client.ts';
import { SessionContext } from '@/lib/session-context.ts';
import { fakeApi } from '@/test/fake-api.ts';
import { page, userDetail, uuid } from '@/test/fixtures.ts';
import { UserAccessPage } from './user-access-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const PROFILE = uuid(70);
const row = (n: number, overrides: Partial<UserAccessRow> = {}): UserAccessRow => ({
  id: uuid(n),
  displayName: `User ${n}`,
  mail: `user${n}@casedesk.local`,
  role: 'OPERATOR',
  officeId: null,
  officeName: null,
  accountEnabled: true,
  defaultDashboard: null,
  lastSignInAt: null,
  permissionCount: 2,
  profileId: null,
  profileName: null,
  ...overrides,
});
const GRANTS: Permission[] = [
  {
    permissionType: 'USER_ACCESS',
    accessLevelDTO: [
      { accessType: 'READ', conditionDTO: [] },
      { accessType: 'UPDATE', conditionDTO: [] },
    ],
  },
];
const LIST = 'POST /api/v1/user/withAccessControl' as const;

function stubServer() {
  return fakeApi({
    [LIST]: ({ body }) => {
      const profileId = (body as { filter?: { profileId?: string } }).filter?.profileId;
      return profileId ? page([row(2, { profileId, profileName: 'Texters' })]) : page([row(1), row(2)]);
    },
    'GET /api/v1/accessControl/profiles': [{ id: PROFILE, name: 'Texters', permissions: [], memberCount: 1 }],
    'GET /api/v1/accessControl/directoryGroups': [
      { id: uuid(80), source: 'SCIM', displayName: 'Intake Team', profileId: PROFILE, memberCount: 4 },
    ],
    'GET /api/v1/accessControl/conditionValues': [],
  });
}

function renderPage() {
  const router = createMemoryRouter([{ path: '*', element: <UserAccessPage /> }]);
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <SessionContext value={{ user: userDetail({ role: 'ADMIN' }), permissions: GRANTS }}>
          <RouterProvider router={router} />
        </SessionContext>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('user access list', { timeout: 60_000 }, () => {
  it('lists users; a profile’s followers open as a filter of the list', async () => {
    const api = stubServer();
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('User 1')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Profiles' }));
    const profiles = await screen.findByRole('table', { name: 'Profiles' });
    await user.click(within(profiles).getByRole('button', { name: '1 user' }));
    expect(await screen.findByText('Following Texters')).toBeTruthy();
    // The list asks again once the filter settles; until then its rows may be the old ones or none at all.
    const filters = () => api.calls(LIST).map((call) => (call.body as { filter?: { profileId?: string } }).filter);
    await waitFor(() => expect(filters()).toContainEqual({ profileId: PROFILE }));
    expect(await screen.findByText('User 2')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('User 1')).toBeNull());
  });

  it('shows the directory groups with the profile each gives', async () => {
    stubServer();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Directory groups' }));
    const groups = await screen.findByRole('table', { name: 'Directory groups' });
    expect(within(groups).getByText('Intake Team')).toBeTruthy();
    await waitFor(() =>
      expect(within(groups).getByRole('combobox', { name: 'Profile of Intake Team' })).toHaveProperty(
        'value',
        'Texters',
      ),
    );
  });
});
