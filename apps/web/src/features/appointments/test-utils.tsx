import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { AppointmentRow } from '@casedesk/contract/appointments/appointment';
import type { AvailabilityRecord } from '@casedesk/contract/attorneys/attorney-schedule';
import { createQueryClient } from '@/lib/query-client.ts';

const CONFIG = { authority: 'http://idp.test', clientId: 'web', scope: 'openid', resource: null, localMode: true };
export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function errorBody(status: number, message: string, fieldErrors?: Record<string, string>): Response {
  const code = status === 400 ? 'VALIDATION' : status === 409 ? 'CONFLICT' : 'BUSINESS_RULE';
  return json({ statusCode: status, error: 'Error', code, message, ...(fieldErrors ? { fieldErrors } : {}) }, status);
}

/** One attorney in New York with open slots at 9:00 and 9:30 on each day asked for. */
export function attorneyRecord(startDate: string, endDate: string, overrides: Partial<AvailabilityRecord> = {}) {
  const days: AvailabilityRecord['availableSlots'] = [];
  for (
    let d = startDate;
    d <= endDate;
    d = new Date(Date.parse(`${d}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
  ) {
    days.push({
      date: d,
      available: true,
      slots: [
        { start: `${d}T13:00:00.000Z`, end: `${d}T13:30:00.000Z`, label: '09:00 AM' },
        { start: `${d}T13:30:00.000Z`, end: `${d}T14:00:00.000Z`, label: '09:30 AM' },
      ],
    });
  }
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
    availableSlots: days,
    ...overrides,
  } satisfies AvailabilityRecord;
}

export const LAW_TYPES = [
  {
    id: id(11),
    value: 'Personal Injury',
    label: 'Personal Injury',
    dropdownType: 'INQUIRY_LAW_TYPE',
    active: true,
    groupType: null,
  },
  {
    id: id(12),
    value: 'Family Law',
    label: 'Family Law',
    dropdownType: 'INQUIRY_LAW_TYPE',
    active: true,
    groupType: null,
  },
];
export const JURISDICTIONS = [
  { id: id(21), value: 'New York', label: 'New York', dropdownType: 'JURISDICTION', active: true, groupType: null },
];

export function appointmentRow(overrides: Partial<AppointmentRow> = {}): AppointmentRow {
  return {
    id: id(50),
    clientId: id(60),
    clientName: 'Bo Chen',
    clientPhone: null,
    inquiryId: id(70),
    attorneyId: id(1),
    attorneyName: 'Ava Attorney',
    officeId: id(3),
    officeName: 'New York',
    appointmentDateTime: '2026-05-07T13:00:00.000Z',
    appointmentLength: 30,
    appointmentType: 'In Office',
    lawType: 'Personal Injury',
    stageId: 117,
    stage: 'Appointment Set',
    apptStatus: 'NOT_CALLED',
    flagged: false,
    followUpDate: null,
    caseDescription: null,
    notes: null,
    bookedBy: 'Olive Operator',
    bookedAt: '2026-05-06T18:00:00.000Z',
    isActive: true,
    isCurrent: true,
    ...overrides,
  };
}

export interface Recorded {
  method: string;
  url: string;
  body: unknown;
}

export interface FakeServer {
  attorneys?: (startDate: string, endDate: string) => AvailabilityRecord[];
  /** Answers a route first; undefined falls through to the defaults. */
  override?: (method: string, url: string, body: unknown) => Response | undefined;
}

/** The network boundary only (DESIGN §5): our api client, schemas and components run for real. */
export function stubServer(server: FakeServer = {}): Recorded[] {
  const requests: Recorded[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.endsWith('/api/config')) return json(CONFIG);
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ method, url, body });
      const custom = server.override?.(method, url, body);
      if (custom) return custom;
      const parsed = new URL(url, 'http://app.test');
      switch (`${method} ${parsed.pathname}`) {
        case 'POST /api/v1/dropdown/active':
          return json(
            (body as { filter: { dropdownType: string } }).filter.dropdownType === 'JURISDICTION'
              ? JURISDICTIONS
              : LAW_TYPES,
          );
        case 'GET /api/v1/attorney/availability': {
          const start = parsed.searchParams.get('startDate')!;
          const end = parsed.searchParams.get('endDate')!;
          return json(server.attorneys ? server.attorneys(start, end) : [attorneyRecord(start, end)]);
        }
        case 'PUT /api/v1/appointment':
          return json({ ...appointmentRow(), welcomeText: body?.sendWelcomeText ? 'SENT' : 'NOT_REQUESTED' });
        case 'GET /api/v1/appointment/info':
          return json(appointmentRow());
        default:
          return errorBody(404, 'Not found');
      }
    }),
  );
  return requests;
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
