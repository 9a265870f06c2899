import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, wallTimeOf } from '@casedesk/contract/appointments/zoned-time';
import { id, json, renderWithSession, stubFetch } from './calendar-test-utils.tsx';
import { CalendarModal } from './calendar-modal.tsx';

const ZONE = 'America/New_York';

afterEach(() => vi.unstubAllGlobals());

function record(url: URL) {
  const from = url.searchParams.get('startDate')!;
  const to = url.searchParams.get('endDate')!;
  const days = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push({ date: d, available: true, slots: [] });
  return {
    attorneyId: id(1),
    attorney: 'Ada Attorney',
    userId: id(2),
    officeId: id(3),
    officeName: 'New York',
    timeZone: ZONE,
    lawType: 'PI',
    jurisdiction: 'NY',
    zoomLink: null,
    defaultCalendar: 'ada@casedesk.local',
    availableSlots: days,
  };
}

function backend() {
  const calls: URL[] = [];
  const fetchMock = stubFetch((url) => {
    calls.push(url);
    if (url.pathname === '/api/v1/attorney/availability') return json([record(url)]);
    if (url.pathname === '/api/v1/appointment/calendarEvents') {
      const today = wallTimeOf(new Date(), ZONE).date;
      const start = new Date(`${today}T15:00:00Z`).toISOString();
      const end = new Date(`${today}T16:00:00Z`).toISOString();
      return json([
        {
          id: id(10),
          kind: 'TRIAL',
          attorneyId: id(1),
          appointmentId: null,
          eventTitle: 'Smith v. Jones',
          eventDateTime: start,
          eventEndDateTime: end,
          eventNotes: null,
          organizer: 'Ada Attorney',
          subject: 'Smith v. Jones',
          bodyPreview: null,
          location: { displayName: null },
          attendees: [],
          start: { formattedDateTime: start },
          end: { formattedDateTime: end },
        },
      ]);
    }
    if (url.pathname === '/api/v1/holiday/all') return json([]);
    return undefined;
  });
  return { calls, fetchMock };
}

const availabilityCalls = (calls: URL[]) => calls.filter((u) => u.pathname === '/api/v1/attorney/availability');

describe('CalendarModal (SPEC §2 Calendar modal, §4)', () => {
  it('opens on the week view in the office zone, and switches to Month and Year', async () => {
    const { calls } = backend();
    renderWithSession(
      <CalendarModal opened onClose={() => undefined} attorneyId={id(1)} attorneyName="Ada Attorney" />,
    );
    expect(await screen.findByText('Calendar · Ada Attorney')).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Attorney calendar' });
    expect(region.querySelector('.fc-timeGridWeek-view')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('calendar-zone').textContent).toContain('America/New York'));
    expect(await screen.findByText('Smith v. Jones')).toBeTruthy();
    // The first range is fetched at once, with a day before and two after (SPEC §4).
    const [first] = availabilityCalls(calls);
    expect(first!.searchParams.get('attorneyId')).toBe(id(1));
    const events = calls.find((u) => u.pathname === '/api/v1/appointment/calendarEvents')!;
    expect(events.searchParams.get('userId')).toBe(id(2));

    fireEvent.click(screen.getByRole('radio', { name: 'Month' }));
    await waitFor(() => expect(region.querySelector('.fc-dayGridMonth-view')).toBeTruthy());
    fireEvent.click(screen.getByRole('radio', { name: 'Year' }));
    await waitFor(() => expect(region.querySelector('.fc-multiMonthYear-view')).toBeTruthy());
    expect(region.querySelectorAll('.fc-multimonth-month')).toHaveLength(12);
  });

  it('fetches a new range only 1 s after it changes', async () => {
    const { calls } = backend();
    renderWithSession(<CalendarModal opened onClose={() => undefined} attorneyId={id(1)} />);
    await waitFor(() => expect(availabilityCalls(calls)).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(availabilityCalls(calls)).toHaveLength(1);
    expect(screen.getByTestId('calendar-loading')).toBeTruthy();
    await waitFor(() => expect(availabilityCalls(calls)).toHaveLength(2), { timeout: 5000 });
  });

  it('asks for past slots when Schedule Past Appointment is on; read-only calendars have no toggle', async () => {
    const { calls } = backend();
    const view = renderWithSession(<CalendarModal opened onClose={() => undefined} attorneyId={id(1)} />);
    await waitFor(() => expect(availabilityCalls(calls)).toHaveLength(1));
    expect(availabilityCalls(calls)[0]!.searchParams.get('schedulePast')).toBe('false');
    fireEvent.click(screen.getByRole('switch', { name: 'Schedule Past Appointment' }));
    await waitFor(() => expect(availabilityCalls(calls).at(-1)!.searchParams.get('schedulePast')).toBe('true'));
    view.unmount();

    renderWithSession(<CalendarModal opened onClose={() => undefined} attorneyId={id(1)} readOnly />);
    expect(await screen.findByText('Read-only calendar.')).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Schedule Past Appointment' })).toBeNull();
  });
});
