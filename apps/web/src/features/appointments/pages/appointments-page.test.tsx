import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PermissionType } from '@casedesk/contract/access/permissions';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import type { AppointmentRow } from '@casedesk/contract/appointments/appointment';
import type { AttorneySummary } from '@casedesk/contract/attorneys/attorney-list';
import type { UserDetail } from '@casedesk/contract/users/user';
import { createQueryClient } from '@/lib/query-client.ts';
import { SessionContext } from '@/lib/session-context.ts';
import { fakeApi, file } from '@/test/fake-api.ts';
import { page } from '@/test/fixtures.ts';
import { AppointmentsPage } from './appointments-page.tsx';

const user: UserDetail = {
  id: '00000000-0000-4000-8000-0000000000a1',
  displayName: 'Olivia Operator',
  mail: 'operator@casedesk.local',
  jobTitle: null,
  role: 'OPERATOR',
  workNumber: null,
  phoneExtension: null,
  mobileNumber: null,
  zoomLink: null,
  imageUrl: null,
  image: null,
  clickToCall: null,
  defaultDashboard: 'CALL_CENTER',
  accountEnabled: true,
  officeId: null,
};

const read = (permissionType: PermissionType): Permission => ({
  permissionType,
  accessLevelDTO: [{ accessType: 'READ', conditionDTO: [] }],
});

function InquiryStub() {
  const { from, inquiryId } = useParams();
  return <p>{`inquiry ${inquiryId} from ${from}`}</p>;
}

function renderPage(ui: ReactNode, entry: string, permissions: PermissionType[]) {
  return render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <SessionContext.Provider value={{ user, permissions: permissions.map(read) }}>
          <MemoryRouter initialEntries={[entry]}>
            <Routes>
              <Route path="/appointments/:type" element={ui} />
              <Route path="/:from/inquiry/:inquiryId" element={<InquiryStub />} />
            </Routes>
          </MemoryRouter>
        </SessionContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const row = (over: Partial<AppointmentRow>): AppointmentRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  clientId: '00000000-0000-4000-8000-0000000000c1',
  clientName: 'Ana Lopez',
  clientPhone: '2135550171',
  inquiryId: '00000000-0000-4000-8000-0000000000e1',
  attorneyId: '00000000-0000-4000-8000-0000000000b1',
  attorneyName: 'Alan Attorney',
  officeId: '00000000-0000-4000-8000-0000000000f1',
  officeName: 'Downtown',
  appointmentDateTime: hoursFromNow(48),
  appointmentLength: 30,
  appointmentType: 'In Office',
  lawType: 'Personal Injury',
  stageId: 117,
  stage: 'Appointment Set',
  apptStatus: 'CONFIRMED',
  flagged: false,
  followUpDate: null,
  caseDescription: null,
  notes: null,
  bookedBy: 'Olivia Operator',
  bookedAt: hoursFromNow(-24),
  isActive: true,
  isCurrent: true,
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('AppointmentsPage', () => {
  it('lists the contract columns and colours rows by SPEC §4 (future by apptStatus, past by stage)', async () => {
    const items = [
      row({ clientName: 'Future Confirmed' }),
      row({ id: '00000000-0000-4000-8000-000000000002', clientName: 'Future Wait List', apptStatus: 'WAIT_LIST' }),
      row({
        id: '00000000-0000-4000-8000-000000000003',
        clientName: 'Past No Show',
        appointmentDateTime: hoursFromNow(-48),
        stageId: 121,
        stage: 'No Show',
        // A past row ignores its apptStatus: this one would be green in the future.
        apptStatus: 'CONFIRMED',
      }),
      row({
        id: '00000000-0000-4000-8000-000000000004',
        clientName: 'Past Showed',
        appointmentDateTime: hoursFromNow(-2),
        stageId: 122,
        stage: 'Showed',
      }),
    ];
    const api = fakeApi({
      'POST /api/v1/appointment/all': page(items),
      'GET /api/v1/dropdown/office': [
        { id: items[0]!.officeId, name: 'Downtown', officeType: 'OFFICE', timeZone: 'America/Los_Angeles' },
      ],
    });
    renderPage(<AppointmentsPage type="all" />, '/appointments/all', ['ALL_APPOINTMENTS']);
    const table = within(await screen.findByTestId('appointments-table')).getByRole('table', {
      name: 'All appointments',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.trim()),
    ).toEqual([
      'client',
      'phone',
      'appointment',
      'length',
      'attorney',
      'office',
      'law type',
      'type',
      'stage',
      'appt status',
      'booked by',
      'booked',
    ]);
    const styleOf = async (name: string) =>
      (await within(table).findByText(name)).closest('tr')!.getAttribute('style') ?? '';
    expect(await styleOf('Future Confirmed')).toContain('--mantine-color-green-light');
    expect(await styleOf('Future Wait List')).toContain('--mantine-color-pink-light');
    expect(await styleOf('Past No Show')).toContain('--mantine-color-red-light');
    expect(await styleOf('Past Showed')).toContain('--mantine-color-blue-light');
    expect(within(table).getAllByText('Confirmed').length).toBeGreaterThan(0);
    const legend = screen.getByTestId('appointment-colour-legend');
    expect(legend.textContent).toContain('Cancellation, Conflict, No Show');
    expect(legend.textContent).toContain('Reschedule Text, Wait List');
    expect(api.bodies('POST /api/v1/appointment/all')[0]).toMatchObject({
      pageNumber: 1,
      pageSize: 100,
      filter: {},
    });
    // The office filter is there for a user who may list the offices.
    expect(screen.getByRole('combobox', { name: 'Office' })).toBeTruthy();
    // Attorneys are listed only with ATTORNEY_SCHEDULE READ; the search box finds them by name.
    expect(screen.queryByRole('combobox', { name: 'Attorney' })).toBeNull();
  });

  it('sends the search (debounced) and the local day range, and hides the office filter without ALL_APPOINTMENTS', async () => {
    const api = fakeApi({ 'POST /api/v1/appointment/set': page([row({})]) });
    renderPage(<AppointmentsPage type="set" />, '/appointments/set', ['APPOINTMENT_SET']);
    await screen.findByText('Ana Lopez');
    expect(screen.queryByRole('combobox', { name: 'Office' })).toBeNull();
    expect(api.requests.some((r) => r.url.includes('/dropdown/office'))).toBe(false);
    fireEvent.change(screen.getByLabelText('Search appointments'), { target: { value: 'lopez' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-01' } });
    await waitFor(() =>
      expect(api.requests.at(-1)?.body).toMatchObject({
        filter: { searchKeyword: 'lopez', dateFrom: dayjs('2026-12-01').startOf('day').toISOString() },
      }),
    );
  });

  it('filters by attorney for a user who may list attorneys (ATTORNEY_SCHEDULE)', async () => {
    const attorney: AttorneySummary = {
      id: '00000000-0000-4000-8000-0000000000b2',
      name: 'Betty Barrister',
      email: 'betty@casedesk.local',
      officeId: '00000000-0000-4000-8000-0000000000f1',
      officeName: 'Downtown',
      lawType: null,
      jurisdiction: null,
      zoomLink: null,
      isLitigation: false,
      scheduleEntries: 10,
    };
    const api = fakeApi({
      'POST /api/v1/appointment/all': page([row({})]),
      'GET /api/v1/attorney/allSchedule': page([attorney]),
      'GET /api/v1/dropdown/office': [],
    });
    renderPage(<AppointmentsPage type="all" />, '/appointments/all', ['ALL_APPOINTMENTS', 'ATTORNEY_SCHEDULE']);
    await screen.findByText('Ana Lopez');
    const user = userEvent.setup();
    const combobox = screen.getByRole('combobox', { name: 'Attorney' });
    // The options arrive with the attorney list.
    await user.click(combobox);
    await waitFor(() => expect(combobox.getAttribute('aria-controls')).toBeTruthy());
    const listbox = document.getElementById(combobox.getAttribute('aria-controls')!)!;
    await user.click(await within(listbox).findByRole('option', { name: 'Betty Barrister', hidden: true }));
    await waitFor(() => expect(api.requests.at(-1)?.body).toMatchObject({ filter: { attorneyId: attorney.id } }));
  });

  it('opens the inquiry of a row', async () => {
    fakeApi({ 'POST /api/v1/appointment/pi': page([row({})]) });
    renderPage(<AppointmentsPage type="pi" />, '/appointments/pi', ['APPOINTMENT_PI']);
    fireEvent.click(await screen.findByText('Ana Lopez'));
    expect(await screen.findByText('inquiry 00000000-0000-4000-8000-0000000000e1 from appointments')).toBeTruthy();
  });

  it('week view: counts per day from weekdayTotals above the week’s rows; a day narrows the table', async () => {
    const start = '2026-11-22';
    const totals = [0, 1, 2, 3, 4, 5, 6].map((i) => ({
      date: dayjs(start).add(i, 'day').format('YYYY-MM-DD'),
      dayOfWeek: i,
      count: i === 2 ? 3 : 0,
    }));
    const api = fakeApi({
      'POST /api/v1/appointment/weekdayTotals': totals,
      'POST /api/v1/appointment/week': page([row({})]),
    });
    renderPage(<AppointmentsPage type="week" />, `/appointments/week?week=2026-11-25`, ['APPOINTMENT_BY_WEEK']);
    const day = await screen.findByRole('button', { name: 'Tue 24 November: 3 appointments' });
    expect(screen.getByTestId('week-label').textContent).toBe('Nov 22 – 28, 2026');
    expect(api.bodies('POST /api/v1/appointment/weekdayTotals')[0]).toMatchObject({
      startDate: start,
      offset: -new Date(2026, 10, 22, 12).getTimezoneOffset() / 60 || 0,
    });
    const listBody = () => api.bodies('POST /api/v1/appointment/week').at(-1);
    expect(listBody()).toMatchObject({
      filter: {
        dateFrom: dayjs(start).startOf('day').toISOString(),
        dateTo: dayjs('2026-11-28').endOf('day').toISOString(),
      },
    });
    fireEvent.click(day);
    await waitFor(() =>
      expect(listBody()).toMatchObject({
        filter: {
          dateFrom: dayjs('2026-11-24').startOf('day').toISOString(),
          dateTo: dayjs('2026-11-24').endOf('day').toISOString(),
        },
      }),
    );
    expect(day.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(screen.getByTestId('week-label').textContent).toBe('Nov 29 – Dec 5, 2026'));
    await waitFor(() =>
      expect(api.bodies('POST /api/v1/appointment/weekdayTotals').at(-1)).toMatchObject({
        startDate: '2026-11-29',
      }),
    );
  });

  it('exports the list with its filter and type', async () => {
    const api = fakeApi({
      'POST /api/v1/appointment/export': file('client,phone\n', 'text/csv'),
      'POST /api/v1/appointment/all': page([row({})]),
      'GET /api/v1/dropdown/office': [],
    });
    URL.createObjectURL = vi.fn(() => 'blob:appointments');
    URL.revokeObjectURL = vi.fn();
    renderPage(<AppointmentsPage type="all" />, '/appointments/all', ['ALL_APPOINTMENTS']);
    await screen.findByText('Ana Lopez');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)' }));
    await waitFor(() => expect(api.calls('POST /api/v1/appointment/export')).toHaveLength(1));
    const exported = api.calls('POST /api/v1/appointment/export')[0]!;
    expect(exported.url).toMatch(/offsetHours=/);
    expect(exported.body).toMatchObject({ type: 'all', format: 'xlsx', pageNumber: 1, filter: {} });
  });
});
