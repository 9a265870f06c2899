import { describe, expect, it } from 'vitest';
import { APPOINTMENT_MESSAGES } from '@casedesk/contract/appointments/appointment';
import {
  bookingDefaults,
  bookingFormSchema,
  bookingRules,
  clampedPickerText,
  NEEDS_TIME,
  type BookingFormValues,
} from './booking-form-values.ts';

// Wednesday 2026-05-06, 2:00 PM in New York (EDT), the attorney's office zone.
const NOW = new Date('2026-05-06T18:00:00Z');
const ZONE = 'America/New_York';
const ATTORNEY = '00000000-0000-4000-8000-000000000001';
const future = bookingRules(false, ZONE, NOW);
const past = bookingRules(true, ZONE, NOW);

const values = (overrides: Partial<BookingFormValues> = {}): BookingFormValues => ({
  ...bookingDefaults({ attorneyId: ATTORNEY, autoText: true }),
  appointmentDateTime: '05-07-2026 10:00 AM',
  ...overrides,
});

const messages = (rules: typeof future, input: BookingFormValues) =>
  bookingFormSchema(rules)
    .safeParse(input)
    .error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('bookingFormSchema (the save payload as the book modal chooses it)', () => {
  it('hands on the contract’s payload: the instant in the office zone, no law type or blank notes as none', () => {
    const parsed = bookingFormSchema(future).parse(values({ notes: '   ', lawTypeId: null }));
    expect(parsed).toEqual({
      attorneyId: ATTORNEY,
      lawTypeId: undefined,
      schedulePast: false,
      appointmentDateTime: '2026-05-07T14:00:00.000Z',
      appointmentLength: 30,
      appointmentType: 'In Office',
      notes: undefined,
      sendWelcomeText: true,
    });
    expect(bookingFormSchema(future).parse(values({ notes: ' Bring the lease ' })).notes).toBe('Bring the lease');
  });

  it('says the contract’s message without an attorney, and the picker’s SPEC §5 messages', () => {
    expect(messages(future, values({ attorneyId: null }))).toEqual([['attorneyId', APPOINTMENT_MESSAGES.attorney]]);
    expect(messages(future, values({ appointmentDateTime: '' }))).toEqual([
      ['appointmentDateTime', 'Appointment Date is a required field.'],
    ]);
    expect(messages(future, values({ appointmentDateTime: '02-30-2026 10:00 AM' }))).toEqual([
      ['appointmentDateTime', 'Appointment Date must be a valid date.'],
    ]);
    expect(messages(future, values({ appointmentDateTime: '05-05-2026 10:00 AM' }))).toEqual([
      ['appointmentDateTime', 'Appointment Date cannot be past date.'],
    ]);
    expect(messages(past, values({ appointmentDateTime: '05-07-2026 10:00 AM', schedulePast: true }))).toEqual([
      ['appointmentDateTime', 'Appointment Date cannot be future date.'],
    ]);
    // A day without a time is not bookable yet; the modal says so as a hint, not as an error.
    expect(messages(future, values({ appointmentDateTime: '05-07-2026' }))).toEqual([
      ['appointmentDateTime', NEEDS_TIME],
    ]);
  });

  it('books a time already past today 30 minutes before now (SPEC §9), and says which text that is', () => {
    const parsed = bookingFormSchema(future).parse(values({ appointmentDateTime: '05-06-2026 10:00 AM' }));
    expect(parsed.appointmentDateTime).toBe('2026-05-06T17:30:00.000Z');
    expect(clampedPickerText('05-06-2026 10:00 AM', future)).toBe('05-06-2026 01:30 PM');
    expect(clampedPickerText('05-07-2026 10:00 AM', future)).toBeNull();
    // Recording a past appointment keeps its time; a refused day is not moved.
    expect(clampedPickerText('05-06-2026 10:00 AM', past)).toBeNull();
    expect(clampedPickerText('05-01-2026 10:00 AM', future)).toBeNull();
  });
});
