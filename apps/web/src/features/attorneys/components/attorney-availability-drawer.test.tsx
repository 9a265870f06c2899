import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { weekRangeFrom } from '@casedesk/contract/appointments/week-range';
import { wallTimeOf } from '@casedesk/contract/appointments/zoned-time';
import { createQueryClient } from '@/lib/query-client.ts';
import { fakeApi } from '@/test/fake-api.ts';
import { availabilityRecord, dropdownOption, uuid as id } from '@/test/fixtures.ts';
import { watchTimers } from '@/test/timers.ts';
import { AvailabilityPartsContext, type AvailabilityParts, type BookSlotProps } from './availability-parts.ts';
import {
  AttorneyAvailabilityDrawer,
  AVAILABILITY_DEBOUNCE_MS,
  EMPTY_MESSAGE,
} from './attorney-availability-drawer.tsx';

afterEach(() => vi.unstubAllGlobals());

const AVAILABILITY = 'GET /api/v1/attorney/availability';

/** Ava Attorney in New York, with one slot at 9:00 on the first day asked for. */
function attorney(start: string) {
  return availabilityRecord({
    availableSlots: [
      {
        date: start,
        available: true,
        slots: [{ start: `${start}T13:00:00.000Z`, end: `${start}T13:30:00.000Z`, label: '09:00 AM' }],
      },
    ],
  });
}

/** The server; returns the query of each availability request so far. */
function stub(empty = false): () => URLSearchParams[] {
  const api = fakeApi({
    'POST /api/v1/dropdown/active': ({ body }) =>
      (body as { filter: { dropdownType: string } }).filter.dropdownType === 'JURISDICTION'
        ? [dropdownOption('JURISDICTION', 'New York', { id: id(21) })]
        : [
            dropdownOption('INQUIRY_LAW_TYPE', 'Personal Injury', { id: id(11) }),
            dropdownOption('INQUIRY_LAW_TYPE', 'Family Law', { id: id(12) }),
          ],
    [AVAILABILITY]: ({ query }) => (empty ? [] : [attorney(query.startDate!)]),
  });
  return () => api.calls(AVAILABILITY).map((r) => r.searchParams);
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
    expect(asked()[0]!.get('startDate')).toBe(range.days[0]);
    expect(asked()[0]!.get('endDate')).toBe(range.days.at(-1));
    expect(asked()[0]!.get('appointmentLength')).toBe('30');
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
    await waitFor(() => expect(asked()).toHaveLength(2));
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
    const timers = watchTimers();
    await user.click(await within(listbox).findByRole('option', { name: 'Family Law', hidden: true }));
    expect(AVAILABILITY_DEBOUNCE_MS).toBe(300);
    expect(timers.setWith(AVAILABILITY_DEBOUNCE_MS)).toBeGreaterThan(0);
    timers.stop();
    expect(asked().some((q) => q.get('lawType') === 'Family Law')).toBe(false);
    await waitFor(() => expect(asked().some((q) => q.get('lawType') === 'Family Law')).toBe(true));
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
