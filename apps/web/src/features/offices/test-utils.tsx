import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect } from 'vitest';
import type { AccessType } from '@casedesk/contract/access/permissions';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import type { OfficeDetail } from '@casedesk/contract/offices/office';
import type { OfficeStaff } from '@casedesk/contract/offices/office-staff';
import type { UserDetail } from '@casedesk/contract/users/user';
import { createQueryClient } from '@/lib/query-client.ts';
import { SessionContext, type Session } from '@/lib/session-context.ts';
import { apiError, fakeApi, type Handlers } from '@/test/fake-api.ts';
import { page } from '@/test/fixtures.ts';

export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const OFFICE_ID = id(31);
export const OTHER_OFFICE_ID = id(32);

export const ADMIN: UserDetail = {
  id: id(900),
  displayName: 'Alex Admin',
  mail: 'admin@casedesk.local',
  jobTitle: null,
  role: 'ADMIN',
  workNumber: null,
  phoneExtension: null,
  mobileNumber: null,
  zoomLink: null,
  imageUrl: null,
  image: null,
  clickToCall: null,
  defaultDashboard: 'CORPORATE',
  accountEnabled: true,
  officeId: OFFICE_ID,
};

const grant = (permissionType: Permission['permissionType'], levels: AccessType[], offices?: string[]): Permission => ({
  permissionType,
  accessLevelDTO: levels.map((accessType) => ({
    accessType,
    conditionDTO: offices ? [{ conditionType: 'OFFICE', relationType: 'EQUALS', values: offices }] : [],
  })),
});

/** Every office: read, create, change; attorneys anywhere. */
export const OFFICE_ADMIN = [
  grant('OFFICE', ['READ', 'CREATE', 'UPDATE']),
  grant('ATTORNEY_SCHEDULE', ['READ', 'UPDATE']),
];
/** Read only, no create or change. */
export const OFFICE_READER = [grant('OFFICE', ['READ'])];

export const OFFICE: OfficeDetail = {
  id: OFFICE_ID,
  name: 'Los Angeles',
  phone: '2135550110',
  lmsOfficeId: 'OFF-10',
  state: 'CA',
  streetAddress: '350 S Grand Ave',
  city: 'Los Angeles',
  zip: '90071',
  email: 'losangeles@casedesk.local',
  status: 'ACTIVE',
  officeType: 'OFFICE',
  smsNumber: '2135550210',
  outboundCallerId: '2135550310',
  timeZone: 'America/Los_Angeles',
};

export const STAFF: OfficeStaff = {
  attorneys: [
    {
      id: id(1),
      name: 'Alma Attorney',
      email: 'alma@casedesk.local',
      lawType: 'Personal Injury',
      jurisdiction: 'California',
      isLitigation: false,
    },
  ],
  users: [
    {
      id: id(2),
      displayName: 'Morgan Manager',
      mail: 'manager@casedesk.local',
      jobTitle: 'Office Manager',
      role: 'MANAGER',
      accountEnabled: true,
    },
  ],
  trackingLines: null,
};

const { smsNumber: _s, outboundCallerId: _o, timeZone: _t, ...ROW } = OFFICE;
export const OFFICE_ROW = ROW;

/** What the server answers unless a test says otherwise. */
const DEFAULTS: Handlers = {
  'POST /api/v1/office/all': page([OFFICE_ROW]),
  'GET /api/v1/office/:officeId': ({ params }) =>
    params.officeId === OFFICE_ID ? OFFICE : apiError(404, 'Office not found'),
  'GET /api/v1/office/:officeId/staff': STAFF,
  'POST /api/v1/holiday/all': [
    { id: id(70), date: '2026-12-25', name: 'Christmas Day', officeId: null },
    { id: id(71), date: '2026-12-24', name: 'Office party', officeId: OFFICE_ID },
  ],
  'GET /api/v1/attorney/allSchedule': page([]),
};

/** The network boundary only (DESIGN §5); `handlers` answer first. */
export function stubServer(handlers: Handlers = {}) {
  return fakeApi({ ...DEFAULTS, ...handlers });
}

export function renderPage(ui: ReactNode, permissions: Permission[] = OFFICE_ADMIN, path = '/') {
  const session: Session = { user: ADMIN, permissions };
  const router = createMemoryRouter(
    [
      { path: '/management/office/:officeId', element: ui },
      { path: '/management/office', element: ui },
      { path: '*', element: ui },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <SessionContext value={session}>
          <RouterProvider router={router} />
        </SessionContext>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

type User = ReturnType<typeof userEvent.setup>;

/** Opens a Mantine Select, types to narrow it, and clicks an option of its own list. */
export async function pick(user: User, label: string | RegExp, option: string) {
  const combobox = screen.getByRole('combobox', { name: label });
  await user.click(combobox);
  if (combobox.getAttribute('readonly') === null) await user.type(combobox, option);
  await waitFor(() => expect(combobox.getAttribute('aria-controls'), `${String(label)} opens`).toBeTruthy());
  const listbox = document.getElementById(combobox.getAttribute('aria-controls')!)!;
  await user.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}
