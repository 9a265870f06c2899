import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, vi } from 'vitest';
import type { Permission } from '@casedesk/contract/access/permissions';
import type { AttorneySummary } from '@casedesk/contract/attorneys/attorney-list';
import type { AttorneySchedule } from '@casedesk/contract/attorneys/attorney-schedule';
import type { UserDetail } from '@casedesk/contract/users/user';
import { createQueryClient } from '@/lib/query-client.ts';
import { SessionContext, type Session } from '@/lib/session-context.ts';

const CONFIG = { authority: 'http://idp.test', clientId: 'web', scope: 'openid', resource: null, localMode: true };
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

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export interface Recorded {
  method: string;
  path: string;
  body: unknown;
}

/**
 * The network boundary only (DESIGN §5): the api client, contract schemas and components run for real.
 * `override` answers first; the defaults serve the schedule, the list, dropdowns and holidays.
 */
export function stubServer(override?: (method: string, path: string, body: unknown) => Response | undefined) {
  const requests: Recorded[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.endsWith('/api/config')) return json(CONFIG);
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      const path = new URL(url, 'http://app.test').pathname;
      requests.push({ method, path, body });
      const custom = override?.(method, path, body);
      if (custom) return custom;
      switch (`${method} ${path}`) {
        case `GET /api/v1/attorney/${ATTORNEY_ID}/availability`:
          return json(SCHEDULE);
        case `PUT /api/v1/attorney/${ATTORNEY_ID}/availability`:
          return json({ ...SCHEDULE, entries: (body as AttorneySchedule).entries });
        case 'GET /api/v1/attorney/allSchedule':
          return json({ items: [SUMMARY] });
        case 'POST /api/v1/dropdown/active': {
          const type = (body as { filter: { dropdownType: string } }).filter.dropdownType;
          const values = type === 'JURISDICTION' ? ['California', 'Nevada'] : ['Personal Injury', 'Family Law'];
          return json(
            values.map((value, i) => ({
              id: id(50 + i),
              value,
              label: value,
              dropdownType: type,
              active: true,
              groupType: null,
            })),
          );
        }
        case 'POST /api/v1/holiday/all':
          return json([{ id: id(70), date: '2026-12-25', name: 'Christmas Day', officeId: null }]);
        default:
          return json({ statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'Not found' }, 404);
      }
    }),
  );
  return requests;
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
