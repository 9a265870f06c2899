import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_ADMIN_MESSAGES, type UserAccessDetail } from '@casedesk/contract/access/access-admin';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { createQueryClient } from '@/lib/query-client.ts';
import { SessionContext } from '@/lib/session-context.ts';
import { apiError, fakeApi, type FakeApi, type Reply } from '@/test/fake-api.ts';
import { userDetail, uuid } from '@/test/fixtures.ts';
import { UserAccessDetailPage } from './user-access-detail-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const LA = uuid(31);
const OPERATOR: UserAccessDetail = {
  id: uuid(5),
  displayName: 'Olive Operator',
  mail: 'operator@casedesk.local',
  role: 'OPERATOR',
  officeId: LA,
  officeName: 'Los Angeles',
  accountEnabled: true,
  defaultDashboard: null,
  lastSignInAt: null,
  permissionCount: 0,
  profileId: null,
  profileName: null,
  permissions: [],
};
const ADMIN_GRANTS: Permission[] = [
  {
    permissionType: 'USER_ACCESS',
    accessLevelDTO: [
      { accessType: 'READ', conditionDTO: [] },
      { accessType: 'UPDATE', conditionDTO: [] },
    ],
  },
];
const lookup = (...values: string[]) => values.map((value) => ({ value, label: value }));
const SAVE = 'PUT /api/v1/accessControl/user/:userId' as const;

function stubServer(save: (body: unknown) => Reply<typeof SAVE>): FakeApi {
  return fakeApi({
    'GET /api/v1/accessControl/user/:userId': OPERATOR,
    [SAVE]: ({ body }) => save(body),
    'GET /api/v1/accessControl/permissionTypes': lookup('SMS', 'LEADS'),
    'GET /api/v1/accessControl/accessLevelTypes': lookup('READ', 'CREATE', 'UPDATE'),
    'GET /api/v1/accessControl/conditionTypes': [
      { value: 'OFFICE', label: 'Office' },
      { value: 'USER_ROLE', label: 'User role' },
    ],
    'GET /api/v1/accessControl/relationTypes': [
      { value: 'EQUALS', label: 'is one of' },
      { value: 'NOT_EQUALS', label: 'is not one of' },
    ],
    'GET /api/v1/accessControl/conditionValues': ({ query }) =>
      query.conditionType === 'OFFICE' ? [{ value: LA, label: 'Los Angeles' }] : lookup('ADMIN', 'OPERATOR'),
  });
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/admin-panel/user-access/:userId', element: <UserAccessDetailPage /> }], {
    initialEntries: [`/admin-panel/user-access/${OPERATOR.id}`],
  });
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <SessionContext value={{ user: userDetail({ role: 'ADMIN' }), permissions: ADMIN_GRANTS }}>
          <RouterProvider router={router} />
        </SessionContext>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

async function grantSmsCreateInLa(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('checkbox', { name: 'SMS CREATE' }));
  await user.click(screen.getByRole('button', { name: 'Conditions of SMS CREATE' }));
  const dialog = await screen.findByRole('dialog', { name: 'Conditions of SMS CREATE' });
  await user.click(within(dialog).getByRole('button', { name: 'Add condition' }));
  const values = within(dialog).getByRole('combobox', { name: 'Values' });
  await user.click(values);
  await waitFor(() => expect(values.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(values.getAttribute('aria-controls')!)!;
  await user.click(await within(listbox).findByRole('option', { name: 'Los Angeles', hidden: true }));
  await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('user access page', { timeout: 60_000 }, () => {
  it('grants SMS CREATE for one office and saves it with the reason typed', async () => {
    const api = stubServer((body) => ({
      ...OPERATOR,
      permissions: (body as { permissions: Permission[] }).permissions,
    }));
    const user = userEvent.setup();
    renderPage();
    await grantSmsCreateInLa(user);
    expect(screen.getByText('Office is one of Los Angeles')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(`* ${ACCESS_ADMIN_MESSAGES.reason}`)).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Covers the LA text line');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Access has been updated');
    expect(api.calls(SAVE)[0]!.body).toEqual({
      permissions: [
        {
          permissionType: 'SMS',
          accessLevelDTO: [
            { accessType: 'CREATE', conditionDTO: [{ conditionType: 'OFFICE', relationType: 'EQUALS', values: [LA] }] },
          ],
        },
      ],
      reason: 'Covers the LA text line',
    });
  });

  it('shows a refusal in the dialog, keeping the reason', async () => {
    stubServer(() => apiError(403, ACCESS_ADMIN_MESSAGES.notHeld('SMS CREATE')));
    const user = userEvent.setup();
    renderPage();
    await grantSmsCreateInLa(user);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Try');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(ACCESS_ADMIN_MESSAGES.notHeld('SMS CREATE'))).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveProperty('value', 'Try');
  });
});
