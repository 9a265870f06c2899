import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { weekRangeFrom } from '@casedesk/contract/appointments/week-range';
import { wallTimeOf } from '@casedesk/contract/appointments/zoned-time';
import { createQueryClient } from '@/lib/query-client.ts';
import { AvailabilityPartsContext, type AvailabilityParts, type BookSlotProps } from './availability-parts.ts';
import { AttorneyAvailabilityDrawer, EMPTY_MESSAGE } from './attorney-availability-drawer.tsx';

afterEach(() => vi.unstubAllGlobals());

const CONFIG = { authority: 'http://idp.test', clientId: 'web', scope: 'openid', resource: null, localMode: true };
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
const option = (n: number, dropdownType: string, value: string) => ({
  id: id(n),
  value,
  label: value,
  dropdownType,
  active: true,
  groupType: null,
});

function attorney(start: string) {
  return {
    attorneyId: id(1),
    attorney: 'Ava Attorney',
    userId: id(2),
    officeId: id(3),
    officeName: 'New York',
    timeZone: 'America/New_York',
    lawType: 'Personal Injury',
    jurisdiction: 'New York',
    zoomLink: null,
    defaultCalendar: 'ava@casedesk.local',
    availableSlots: [
      {
        date: start,
        available: true,
        slots: [{ start: `${start}T13:00:00.000Z`, end: `${start}T13:30:00.000Z`, label: '09:00 AM' }],
      },
    ],
  };
}

function stub(empty = false): URL[] {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://app.test');
      if (url.pathname === '/api/config') return json(CONFIG);
      if (url.pathname === '/api/v1/dropdown/active') {
        const type = (JSON.parse(String(init?.body)) as { filter: { dropdownType: string } }).filter.dropdownType;
        return json(
          type === 'JURISDICTION'
            ? [option(21, 'JURISDICTION', 'New York')]
            : [option(11, 'INQUIRY_LAW_TYPE', 'Personal Injury'), option(12, 'INQUIRY_LAW_TYPE', 'Family Law')],
        );
      }
      asked.push(url);
      return json(empty ? [] : [attorney(url.searchParams.get('startDate')!)]);
    }),
  );
  return asked;
}

function renderDrawer(
  parts: AvailabilityParts = {},
  inquiry?: Parameters<typeof AttorneyAvailabilityDrawer>[0]['inquiry'],
) {
  return render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <AvailabilityPartsContext value={parts}>
          <AttorneyAvailabilityDrawer opened onClose={() => {}} {...(inquiry ? { inquiry } : {})} />
        </AvailabilityPartsContext>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const today = () => wallTimeOf(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone).date;

describe('Attorney Availability drawer', () => {
  it('asks for the current week range and shows attorneys by weekday', async () => {
    const asked = stub();
    renderDrawer();
    const range = weekRangeFrom(today());
    expect(await screen.findByText('Ava Attorney')).toBeTruthy();
    expect(asked[0]!.searchParams.get('startDate')).toBe(range.days[0]);
    expect(asked[0]!.searchParams.get('endDate')).toBe(range.days.at(-1));
    expect(asked[0]!.searchParams.get('appointmentLength')).toBe('30');
    const table = screen.getByRole('table', { name: 'Attorney availability' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(1 + range.days.length);
  });

  it('blocks going back from the current week, and allows it from the next one', async () => {
    const asked = stub();
    renderDrawer();
    await screen.findByText('Ava Attorney');
    const previous = screen.getByTestId('week-previous') as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('week-next'));
    await waitFor(() => expect(previous.disabled).toBe(false));
    await waitFor(() => expect(asked).toHaveLength(2));
    fireEvent.click(previous);
    await waitFor(() => expect(previous.disabled).toBe(true));
    expect(screen.getByTestId('week-label').textContent).toContain(today().slice(0, 4));
  });

  it('asks again only 300 ms after a filter changes (SPEC §9 debounce)', async () => {
    const user = userEvent.setup();
    const asked = stub();
    renderDrawer();
    await screen.findByText('Ava Attorney');
    const lawType = screen.getByRole('combobox', { name: 'Law Type' });
    await user.click(lawType);
    await waitFor(() => expect(lawType.getAttribute('aria-controls')).toBeTruthy());
    const listbox = document.getElementById(lawType.getAttribute('aria-controls')!)!;
    await user.click(await within(listbox).findByRole('option', { name: 'Family Law', hidden: true }));
    const changedAt = Date.now();
    expect(asked.some((u) => u.searchParams.get('lawType') === 'Family Law')).toBe(false);
    await waitFor(() => expect(asked.some((u) => u.searchParams.get('lawType') === 'Family Law')).toBe(true));
    expect(Date.now() - changedAt).toBeGreaterThanOrEqual(250);
  });

  it('says so when no attorney is available', async () => {
    stub(true);
    renderDrawer();
    expect((await screen.findByTestId('availability-empty')).textContent).toContain(EMPTY_MESSAGE);
  });

  it('in an inquiry, a slot opens the book modal for that attorney and time', async () => {
    stub();
    const BookSlot = vi.fn((_props: BookSlotProps) => <div>book modal</div>);
    const inquiry = { inquiryId: id(70), clientId: id(60), autoText: true };
    renderDrawer({ BookSlot }, inquiry);
    const slot = await screen.findByRole('button', { name: /Book Ava Attorney on .* at 09:00 AM/ });
    fireEvent.click(slot);
    expect(await screen.findByText('book modal')).toBeTruthy();
    expect(BookSlot.mock.calls.at(-1)![0]).toMatchObject({ attorneyId: id(1), inquiry, appointmentLength: 30 });
  });

  it('outside an inquiry, slots are shown but not bookable', async () => {
    stub();
    renderDrawer({ BookSlot: () => null });
    await screen.findByText('Ava Attorney');
    expect(screen.queryByRole('button', { name: /Book Ava Attorney/ })).toBeNull();
    expect(screen.getByText('09:00 AM')).toBeTruthy();
  });
});
