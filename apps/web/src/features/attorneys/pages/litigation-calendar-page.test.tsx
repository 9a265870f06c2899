import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import type { AttorneySummary } from '@casedesk/contract/attorneys/attorney-list';
import type { LitigationEvent } from '@casedesk/contract/calendar/litigation';
import type { UserDetail } from '@casedesk/contract/users/user';
import { createQueryClient } from '@/lib/query-client.ts';
import { SessionContext } from '@/lib/session-context.ts';
import { fakeApi } from '@/test/fake-api.ts';
import { page } from '@/test/fixtures.ts';
import { LitigationCalendarPage } from './litigation-calendar-page.tsx';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const USER: UserDetail = {
  id: id(900),
  displayName: 'Mona Manager',
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
  officeId: null,
};
const grant = (permissionType: Permission['permissionType']): Permission => ({
  permissionType,
  accessLevelDTO: (['READ', 'CREATE', 'UPDATE'] as const).map((accessType) => ({ accessType, conditionDTO: [] })),
});

const attorney = (n: number, name: string, isLitigation: boolean): AttorneySummary => ({
  id: id(n),
  name,
  email: `${n}@casedesk.local`,
  officeId: id(50),
  officeName: 'Los Angeles',
  lawType: null,
  jurisdiction: null,
  zoomLink: null,
  isLitigation,
  scheduleEntries: 10,
});

function trialToday(): LitigationEvent {
  const start = new Date();
  start.setHours(10, 0, 0, 0);
  const end = new Date(start.getTime() + 2 * 3_600_000);
  return {
    id: id(70),
    kind: 'TRIAL',
    attorneyId: id(1),
    attorneyName: 'Lee Litigator',
    appointmentId: null,
    eventTitle: 'People v. Smith',
    eventDateTime: start.toISOString(),
    eventEndDateTime: end.toISOString(),
    eventNotes: null,
    organizer: 'Lee Litigator',
    subject: 'People v. Smith',
    bodyPreview: null,
    location: { displayName: 'Dept. 12' },
    attendees: [],
    start: { formattedDateTime: start.toISOString() },
    end: { formattedDateTime: end.toISOString() },
  };
}

afterEach(() => vi.unstubAllGlobals());

function setup(permissions: Permission[]) {
  let litigation = [{ id: id(1), name: 'Lee Litigator' }];
  const api = fakeApi({
    'GET /api/v1/dropdown/litigationAttorneys': () => litigation,
    'GET /api/v1/attorney/litigationCalendar': [trialToday()],
    'GET /api/v1/attorney/allSchedule': page([attorney(1, 'Lee Litigator', true), attorney(2, 'Ada Attorney', false)]),
    'POST /api/v1/attorney/saveLitigationAttorney': () => {
      litigation = [...litigation, { id: id(2), name: 'Ada Attorney' }];
      return attorney(2, 'Ada Attorney', true);
    },
  });
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <SessionContext.Provider value={{ user: USER, permissions }}>
          <LitigationCalendarPage />
        </SessionContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return api;
}

describe('LitigationCalendarPage (SPEC §2 /management/litigation-calendar)', () => {
  it('shows the litigation events with their attorney, and a legend of the three kinds', async () => {
    const api = setup([grant('LITIGATION_CALENDAR'), grant('ATTORNEY_SCHEDULE')]);
    expect(await screen.findByText('People v. Smith · Lee Litigator')).toBeTruthy();
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Arbitration', 'Mediation', 'Trial']);
    const call = api.calls('GET /api/v1/attorney/litigationCalendar')[0]!;
    expect(call.searchParams.get('attorneyId')).toBeNull();
    expect(call.searchParams.get('startDateTime')).toMatch(/Z$/);
  });

  it('adds an attorney to the litigation calendar', async () => {
    const api = setup([grant('LITIGATION_CALENDAR'), grant('ATTORNEY_SCHEDULE')]);
    const list = await screen.findByRole('list', { name: 'Litigation attorneys' });
    expect(within(list).getByText('Lee Litigator')).toBeTruthy();
    const user = userEvent.setup();
    const combobox = screen.getByRole('combobox', { name: 'Add an attorney' });
    await waitFor(() => expect((combobox as HTMLInputElement).disabled).toBe(false));
    await user.click(combobox);
    await waitFor(() => expect(combobox.getAttribute('aria-controls')).toBeTruthy());
    const listbox = document.getElementById(combobox.getAttribute('aria-controls')!)!;
    await user.click(await within(listbox).findByRole('option', { name: 'Ada Attorney · Los Angeles', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Add to litigation calendar' }));
    await waitFor(() =>
      expect(api.bodies('POST /api/v1/attorney/saveLitigationAttorney')[0]).toEqual({
        attorneyId: id(2),
      }),
    );
    expect(await within(list).findByText('Ada Attorney')).toBeTruthy();
  });

  it('is read-only without LITIGATION_CALENDAR update', async () => {
    const readOnly: Permission = {
      permissionType: 'LITIGATION_CALENDAR',
      accessLevelDTO: [{ accessType: 'READ', conditionDTO: [] }],
    };
    setup([readOnly]);
    expect(await screen.findByText('Lee Litigator', { selector: 'li *' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove Lee Litigator' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Add an attorney' })).toBeNull();
  });
});
