import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { DropdownOption } from '@casedesk/contract/dropdowns/dropdown';
import { createQueryClient } from '@/lib/query-client.ts';
import { fakeApi, type Handlers } from '@/test/fake-api.ts';
import { appointmentRow, availabilityRecord, availableDays, dropdownOption, uuid as id } from '@/test/fixtures.ts';

/** One attorney in New York with open slots at 9:00 and 9:30 on each day asked for. */
function attorneyRecord(startDate: string, endDate: string) {
  return availabilityRecord({
    availableSlots: availableDays(startDate, endDate, (d) => [
      { start: `${d}T13:00:00.000Z`, end: `${d}T13:30:00.000Z`, label: '09:00 AM' },
      { start: `${d}T13:30:00.000Z`, end: `${d}T14:00:00.000Z`, label: '09:30 AM' },
    ]),
  });
}

const LAW_TYPES: DropdownOption[] = [
  dropdownOption('INQUIRY_LAW_TYPE', 'Personal Injury', { id: id(11) }),
  dropdownOption('INQUIRY_LAW_TYPE', 'Family Law', { id: id(12) }),
];
const JURISDICTIONS: DropdownOption[] = [dropdownOption('JURISDICTION', 'New York', { id: id(21) })];

/** What the server answers unless a test says otherwise: dropdowns, availability, a booking, an appointment. */
const DEFAULTS: Handlers = {
  'POST /api/v1/dropdown/active': ({ body }) =>
    (body as { filter: { dropdownType: string } }).filter.dropdownType === 'JURISDICTION' ? JURISDICTIONS : LAW_TYPES,
  'GET /api/v1/attorney/availability': ({ query }) => [attorneyRecord(query.startDate!, query.endDate!)],
  'PUT /api/v1/appointment': ({ body }) => ({
    ...appointmentRow(),
    welcomeText: (body as { sendWelcomeText?: boolean }).sendWelcomeText ? 'SENT' : 'NOT_REQUESTED',
  }),
  'GET /api/v1/appointment/info': appointmentRow(),
};

/** The network boundary only (DESIGN §5): `handlers` answer first, then the defaults. */
export function stubServer(handlers: Handlers = {}) {
  return fakeApi({ ...DEFAULTS, ...handlers });
}

export function renderWithProviders(ui: ReactNode, path = '/communication/lead/x') {
  return render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
