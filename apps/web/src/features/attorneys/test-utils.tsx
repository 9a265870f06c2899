import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect } from 'vitest';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import type { AttorneySummary } from '@casedesk/contract/attorneys/attorney-list';
import type { AttorneySchedule } from '@casedesk/contract/attorneys/attorney-schedule';
import type { UserDetail } from '@casedesk/contract/users/user';
import { createQueryClient } from '@/lib/query-client.ts';
import { SessionContext, type Session } from '@/lib/session-context.ts';
import { apiError, fakeApi, type Handlers } from '@/test/fake-api.ts';
import { dropdownOption, page } from '@/test/fixtures.ts';

export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const ATTORNEY_ID = id(1);
export const OFFICE_ID = id(31);

export const MANAGER: UserDetail = {
  id: id(900),
  displayName: 'Mia Manager',
  mail: 'manager@casedesk.local',
  jobTitle: null,
  role: 'MANAGER',
  workNumber: null,
  phoneExtension: null,
  mobileNumber: null,
  zoomLink: null,
  imageUrl: null,
  image: null,
  clickToCall: null,
  defaultDashboard: 'OFFICE',
  accountEnabled: true,
  officeId: OFFICE_ID,
};

const grant = (accessTypes: ('READ' | 'UPDATE')[], offices?: string[]): Permission => ({
  permissionType: 'ATTORNEY_SCHEDULE',
  accessLevelDTO: accessTypes.map((accessType) => ({
    accessType,
    conditionDTO: offices ? [{ conditionType: 'OFFICE', relationType: 'EQUALS', values: offices }] : [],
  })),
});
/** The seeded manager: read and change schedules of their own offices. */
export const SCHEDULE_EDIT = [grant(['READ', 'UPDATE'], [OFFICE_ID])];
export const SCHEDULE_READ = [grant(['READ'])];

export const SUMMARY: AttorneySummary = {
  id: ATTORNEY_ID,
  name: 'Alma Attorney',
  email: 'alma@casedesk.local',
  officeId: OFFICE_ID,
  officeName: 'Los Angeles',
  lawType: 'Personal Injury',
  jurisdiction: 'California',
  zoomLink: null,
  isLitigation: true,
  scheduleEntries: 3,
};

export const SCHEDULE: AttorneySchedule = {
  attorneyId: ATTORNEY_ID,
  attorneyName: 'Alma Attorney',
  timeZone: 'America/Los_Angeles',
  entries: [
    // Out of order on purpose: the editor shows each day's windows by time.
    { dayOfWeek: 1, startTime: '13:00', endTime: '17:00', lawType: null, jurisdiction: null },
    { dayOfWeek: 1, startTime: '09:00', endTime: '12:00', lawType: 'Personal Injury', jurisdiction: null },
    { dayOfWeek: 3, startTime: '10:00', endTime: '14:00', lawType: null, jurisdiction: 'California' },
  ],
};

const notFound = apiError(404, 'Attorney not found.');

/** What the server answers unless a test says otherwise: the schedule, the list, dropdowns and holidays. */
const DEFAULTS: Handlers = {
  'GET /api/v1/attorney/:attorneyId/availability': ({ params }) =>
    params.attorneyId === ATTORNEY_ID ? SCHEDULE : notFound,
  'PUT /api/v1/attorney/:attorneyId/availability': ({ params, body }) =>
    params.attorneyId === ATTORNEY_ID ? { ...SCHEDULE, entries: (body as AttorneySchedule).entries } : notFound,
  'GET /api/v1/attorney/allSchedule': page([SUMMARY]),
  'POST /api/v1/dropdown/active': ({ body }) => {
    const type = (body as { filter: { dropdownType: 'JURISDICTION' | 'INQUIRY_LAW_TYPE' } }).filter.dropdownType;
    const values = type === 'JURISDICTION' ? ['California', 'Nevada'] : ['Personal Injury', 'Family Law'];
    return values.map((value, i) => dropdownOption(type, value, { id: id(50 + i) }));
  },
  'POST /api/v1/holiday/all': [{ id: id(70), date: '2026-12-25', name: 'Christmas Day', officeId: null }],
};

/**
 * The network boundary only (DESIGN §5): the api client, contract schemas and components run for real.
 * `handlers` answer first; the defaults serve the schedule, the list, dropdowns and holidays.
 */
export function stubServer(handlers: Handlers = {}) {
  return fakeApi({ ...DEFAULTS, ...handlers });
}

export function renderPage(ui: ReactNode, permissions: Permission[] = SCHEDULE_EDIT, path = '/') {
  const session: Session = { user: MANAGER, permissions };
  // A data router, as the app's: the editor's leave-without-saving prompt needs one.
  const router = createMemoryRouter(
    [
      { path: '/management/attorney/:attorneyId', element: ui },
      { path: '/management/attorney', element: <p>Attorney list</p> },
      { path: '*', element: ui },
    ],
    { initialEntries: [path] },
  );
  return render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <SessionContext value={session}>
          <RouterProvider router={router} />
        </SessionContext>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

type User = ReturnType<typeof userEvent.setup>;

/** Opens a Mantine Select and clicks an option of its own list (closed lists stay in the DOM, hidden). */
export async function pick(user: User, label: string, option: string) {
  const combobox = screen.getByRole('combobox', { name: label });
  await user.click(combobox);
  await waitFor(() => expect(combobox.getAttribute('aria-controls'), `${label} opens`).toBeTruthy());
  const listbox = document.getElementById(combobox.getAttribute('aria-controls')!)!;
  await user.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}
