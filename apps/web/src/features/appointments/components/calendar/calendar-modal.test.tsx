import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wallTimeOf } from '@casedesk/contract/appointments/zoned-time';
import { fakeApi, type FakeApi } from '@/test/fake-api.ts';
import { availabilityRecord, availableDays } from '@/test/fixtures.ts';
import { id, renderWithSession } from './calendar-test-utils.tsx';
import { CalendarModal } from './calendar-modal.tsx';

const ZONE = 'America/New_York';

afterEach(() => vi.unstubAllGlobals());

/** Ada Attorney in New York, with every day asked for and no open slots. */
function record(query: Record<string, string>) {
  return availabilityRecord({
    attorney: 'Ada Attorney',
    timeZone: ZONE,
    lawType: 'PI',
    jurisdiction: 'NY',
    defaultCalendar: 'ada@casedesk.local',
    availableSlots: availableDays(query.startDate!, query.endDate!),
  });
}

function backend() {
  return fakeApi({
    'GET /api/v1/attorney/availability': ({ query }) => [record(query)],
    'GET /api/v1/appointment/calendarEvents': () => {
      const today = wallTimeOf(new Date(), ZONE).date;
      const start = new Date(`${today}T15:00:00Z`).toISOString();
      const end = new Date(`${today}T16:00:00Z`).toISOString();
      return [
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
      ];
    },
    'POST /api/v1/holiday/all': [],
  });
}

const availabilityCalls = (api: FakeApi) => api.calls('GET /api/v1/attorney/availability');

describe('CalendarModal (SPEC §2 Calendar modal, §4)', () => {
  it('opens on the week view in the office zone, and switches to Month and Year', async () => {
    const api = backend();
    renderWithSession(
      <CalendarModal opened onClose={() => undefined} attorneyId={id(1)} attorneyName="Ada Attorney" />,
    );
    expect(await screen.findByText('Calendar · Ada Attorney')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('calendar-zone').textContent).toContain('America/New York'));
    // Read once the office's zone is known: where it puts today on another day than the browser's, the grid
    // started again on it.
    const region = screen.getByRole('region', { name: 'Attorney calendar' });
    expect(region.querySelector('.fc-timeGridWeek-view')).toBeTruthy();
    expect(await screen.findByText('Smith v. Jones')).toBeTruthy();
    // The first range is fetched at once, with a day before and two after (SPEC §4).
    const [first] = availabilityCalls(api);
    expect(first!.searchParams.get('attorneyId')).toBe(id(1));
    const events = api.calls('GET /api/v1/appointment/calendarEvents')[0]!;
    expect(events.searchParams.get('userId')).toBe(id(2));

    fireEvent.click(screen.getByRole('radio', { name: 'Month' }));
    await waitFor(() => expect(region.querySelector('.fc-dayGridMonth-view')).toBeTruthy());
    fireEvent.click(screen.getByRole('radio', { name: 'Year' }));
    await waitFor(() => expect(region.querySelector('.fc-multiMonthYear-view')).toBeTruthy());
    expect(region.querySelectorAll('.fc-multimonth-month')).toHaveLength(12);
  });

  it("opens on the office's week when the browser's day is already the next week's", async () => {
    // Saturday 28 November, 20:00 in New York: Sunday in the browser's zone (UTC), whose week starts that day.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-29T01:00:00Z') });
    try {
      backend();
      renderWithSession(
        <CalendarModal opened onClose={() => undefined} attorneyId={id(1)} attorneyName="Ada Attorney" />,
      );
      await waitFor(() => expect(screen.getByTestId('calendar-zone').textContent).toContain('America/New York'));
      expect(await screen.findByText('Smith v. Jones')).toBeTruthy();
      expect(screen.getByTestId('calendar-title').textContent).toMatch(/Nov 22 – 28, 2026/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fetches a new range only 1 s after it changes', async () => {
    const api = backend();
    renderWithSession(<CalendarModal opened onClose={() => undefined} attorneyId={id(1)} />);
    await waitFor(() => expect(availabilityCalls(api)).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(availabilityCalls(api)).toHaveLength(1);
    expect(screen.getByTestId('calendar-loading')).toBeTruthy();
    await waitFor(() => expect(availabilityCalls(api)).toHaveLength(2), { timeout: 5000 });
  });

  it('asks for past slots when Schedule Past Appointment is on; read-only calendars have no toggle', async () => {
    const api = backend();
    const view = renderWithSession(<CalendarModal opened onClose={() => undefined} attorneyId={id(1)} />);
    await waitFor(() => expect(availabilityCalls(api)).toHaveLength(1));
    expect(availabilityCalls(api)[0]!.searchParams.get('schedulePast')).toBe('false');
    fireEvent.click(screen.getByRole('switch', { name: 'Schedule Past Appointment' }));
    await waitFor(() => expect(availabilityCalls(api).at(-1)!.searchParams.get('schedulePast')).toBe('true'));
    view.unmount();

    renderWithSession(<CalendarModal opened onClose={() => undefined} attorneyId={id(1)} readOnly />);
    expect(await screen.findByText('Read-only calendar.')).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Schedule Past Appointment' })).toBeNull();
  });
});
