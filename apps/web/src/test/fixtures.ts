/**
 * Builders of the records the server sends, each a valid answer under its contract schema (fixtures.test.ts
 * checks every default); a test overrides only the fields it is about.
 */
import type { AppointmentRow } from '@casedesk/contract/appointments/appointment';
import type { AttorneySummary } from '@casedesk/contract/attorneys/attorney-list';
import type { AttorneySchedule, AvailabilityRecord } from '@casedesk/contract/attorneys/attorney-schedule';
import type { CallRow } from '@casedesk/contract/calls/call';
import type { ClientDetail, ClientSummary } from '@casedesk/contract/clients/client';
import type { DropdownOption } from '@casedesk/contract/dropdowns/dropdown';
import type { InquiryDetail } from '@casedesk/contract/inquiries/inquiry';
import type { Notification } from '@casedesk/contract/notifications/notification';
import type { UserDetail } from '@casedesk/contract/users/user';

/** A valid v4 UUID numbered `n`: `uuid(1)` is `00000000-0000-4000-8000-000000000001`. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** One page of a paged list, as listResponseSchema has it. */
export function page<T>(items: T[], more: { totalCount?: number; pageNumber?: number; pageSize?: number } = {}) {
  return { items, totalCount: items.length, pageNumber: 1, pageSize: 100, ...more };
}

export function clientSummary(overrides: Partial<ClientSummary> = {}): ClientSummary {
  return {
    id: uuid(1),
    firstName: 'Ana',
    middleName: null,
    lastName: 'Lopez',
    dateOfBirth: null,
    primaryNumber: null,
    secondaryNumber: null,
    mobileNumber: null,
    homeNumber: null,
    email: null,
    lmsClientNumber: null,
    needlesClientNumber: null,
    city: null,
    state: null,
    officeId: null,
    ...overrides,
  };
}

export function clientDetail(overrides: Partial<ClientDetail> = {}): ClientDetail {
  return {
    ...clientSummary(),
    maidenName: null,
    placeOfBirth: null,
    driverLicenseNumber: null,
    driverLicenseState: null,
    streetAddress: null,
    zipCode: null,
    county: null,
    country: null,
    address: null,
    autoText: true,
    mergedIntoId: null,
    mergedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** An inquiry of clientDetail() with nothing filled in beyond the client. */
export function inquiryDetail(overrides: Partial<InquiryDetail> = {}): InquiryDetail {
  const client = overrides.client === undefined ? clientDetail() : overrides.client;
  return {
    id: uuid(70),
    clientId: client?.id ?? null,
    client,
    officeId: null,
    caseDescription: null,
    lawType: null,
    clientIntake: { mvaResponse: { incidentDateTime: null }, answers: {} },
    intakeOpposingParty: {
      firstName: null,
      middleName: null,
      lastName: null,
      dateOfBirth: null,
      phoneNumber: null,
      lmsClientNumber: null,
    },
    calls: [],
    emails: [],
    smsMessages: [],
    appointments: [],
    leadOwner: null,
    source: null,
    noApptReason: null,
    notes: null,
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

export function userDetail(overrides: Partial<UserDetail> = {}): UserDetail {
  return {
    id: uuid(900),
    displayName: 'Olive Operator',
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
    ...overrides,
  };
}

export function dropdownOption(
  dropdownType: DropdownOption['dropdownType'],
  value: string,
  overrides: Partial<DropdownOption> = {},
): DropdownOption {
  return { id: uuid(50), value, label: value, dropdownType, active: true, groupType: null, ...overrides };
}

export function attorneySummary(overrides: Partial<AttorneySummary> = {}): AttorneySummary {
  return {
    id: uuid(1),
    name: 'Alma Attorney',
    email: 'alma@casedesk.local',
    officeId: uuid(31),
    officeName: 'Los Angeles',
    lawType: null,
    jurisdiction: null,
    zoomLink: null,
    isLitigation: false,
    scheduleEntries: 0,
    ...overrides,
  };
}

export function attorneySchedule(overrides: Partial<AttorneySchedule> = {}): AttorneySchedule {
  return {
    attorneyId: uuid(1),
    attorneyName: 'Alma Attorney',
    timeZone: 'America/Los_Angeles',
    entries: [],
    ...overrides,
  };
}

type AvailableDay = AvailabilityRecord['availableSlots'][number];

/** The calendar days from `startDate` to `endDate` (yyyy-MM-dd), each with what `slotsOn` gives it. */
export function availableDays(
  startDate: string,
  endDate: string,
  slotsOn: (date: string) => AvailableDay['slots'] = () => [],
): AvailableDay[] {
  const days: AvailableDay[] = [];
  for (let d = startDate; d <= endDate; d = nextDay(d)) days.push({ date: d, available: true, slots: slotsOn(d) });
  return days;
}

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** One attorney of GET /attorney/availability, in New York, with no open slots unless given. */
export function availabilityRecord(overrides: Partial<AvailabilityRecord> = {}): AvailabilityRecord {
  return {
    attorneyId: uuid(1),
    attorney: 'Ava Attorney',
    userId: uuid(2),
    officeId: uuid(3),
    officeName: 'New York',
    timeZone: 'America/New_York',
    lawType: 'Personal Injury',
    jurisdiction: 'New York',
    zoomLink: null,
    defaultCalendar: 'ava@casedesk.local',
    availableSlots: [],
    ...overrides,
  };
}

export function appointmentRow(overrides: Partial<AppointmentRow> = {}): AppointmentRow {
  return {
    id: uuid(50),
    clientId: uuid(60),
    clientName: 'Bo Chen',
    clientPhone: null,
    inquiryId: uuid(70),
    attorneyId: uuid(1),
    attorneyName: 'Ava Attorney',
    officeId: uuid(3),
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

export function callRow(overrides: Partial<CallRow> = {}): CallRow {
  return {
    id: uuid(80),
    direction: 'INBOUND',
    title: 'Ana Lopez',
    callerId: '2135550171',
    callResolution: null,
    opName: 'Olive Operator',
    talkSeconds: null,
    numberDialed: '8885550403',
    pointTo: null,
    time: '2026-03-10T15:00:00.000Z',
    lawType: null,
    duplicate: false,
    clientId: null,
    inquiryId: null,
    status: 'completed',
    ongoing: false,
    ...overrides,
  };
}

export function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: uuid(90),
    notificationId: uuid(91),
    notificationType: 'SMS',
    description: 'New text from (213) 555-0101',
    read: false,
    createdDate: '2026-03-01T12:00:00.000Z',
    ...overrides,
  };
}
