import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APPOINTMENT_MESSAGES } from '@casedesk/contract/appointments/appointment';
import { BEFORE_NOW_WARNING } from '@casedesk/contract/appointments/date-time-rules';
import { apiError, type FakeApi } from '@/test/fake-api.ts';
import { appointmentRow, uuid as id } from '@/test/fixtures.ts';
import { renderWithProviders, stubServer } from '../test-utils.tsx';
import { BookAppointmentModal, type BookAppointmentModalProps } from './book-appointment-modal.tsx';

// Wednesday 2026-05-06, 2:00 PM in New York (EDT), the attorney's office zone.
const NOW = new Date('2026-05-06T18:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PROPS: BookAppointmentModalProps = {
  opened: true,
  onClose: () => {},
  inquiryId: id(70),
  clientId: id(60),
  autoText: true,
  attorneyId: id(1),
};

async function openModal(props: Partial<BookAppointmentModalProps> = {}) {
  renderWithProviders(<BookAppointmentModal {...PROPS} {...props} />);
  await screen.findByRole('form', { name: 'Book appointment' });
  // The attorney (and so the office zone) is known once the attorneys have loaded.
  await screen.findByDisplayValue(/Ava Attorney/);
  return screen.getByTestId('appointment-date-time') as HTMLInputElement;
}

const book = () => screen.getByTestId('book-appointment-submit') as HTMLButtonElement;
const SAVE = 'PUT /api/v1/appointment';
const saved = (api: FakeApi) => api.calls(SAVE);

function type(input: HTMLInputElement, value: string) {
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

describe('Book-appointment modal', () => {
  it('keeps Book disabled while the date is empty or invalid, with the SPEC §5 messages', async () => {
    stubServer();
    const input = await openModal();
    expect(book().disabled).toBe(true);
    fireEvent.blur(input);
    expect(await screen.findByText('Appointment Date is a required field.')).toBeTruthy();
    type(input, '13-40-2026 10:00 AM');
    expect(screen.getByText('Appointment Date must be a valid date.')).toBeTruthy();
    expect(book().disabled).toBe(true);
    type(input, '05-07-2026 10:00 AM');
    await waitFor(() => expect(book().disabled).toBe(false));
  });

  it('refuses a past day while Schedule Past Appointment is off, and warns when it is on', async () => {
    stubServer();
    const input = await openModal();
    type(input, '05-01-2026 10:00 AM');
    expect(screen.getByText('Appointment Date cannot be past date.')).toBeTruthy();
    expect(book().disabled).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: /Schedule Past Appointment/ }));
    await waitFor(() => expect(book().disabled).toBe(false));
    expect(screen.queryByText('Appointment Date cannot be past date.')).toBeNull();
    expect(screen.getByTestId('before-now-warning').textContent).toBe(BEFORE_NOW_WARNING);
    // With the toggle on, a future day is the wrong side.
    type(input, '05-08-2026 10:00 AM');
    expect(screen.getByText('Appointment Date cannot be future date.')).toBeTruthy();
  });

  it('clamps a time already past today to 30 minutes before now, with the warning', async () => {
    const api = stubServer();
    const input = await openModal();
    type(input, '05-06-2026 10:00 AM');
    await waitFor(() => expect(input.value).toBe('05-06-2026 01:30 PM'));
    expect(screen.getByTestId('before-now-warning').textContent).toBe(BEFORE_NOW_WARNING);
    fireEvent.click(book());
    await waitFor(() => expect(saved(api)).toHaveLength(1));
    expect(saved(api)[0]!.body).toMatchObject({
      attorneyId: id(1),
      inquiryId: id(70),
      appointmentDateTime: '2026-05-06T17:30:00.000Z',
      appointmentLength: 30,
      sendWelcomeText: true,
      schedulePast: false,
    });
  });

  it('books the slot it was opened with, 15 minutes, sending the offset', async () => {
    const api = stubServer();
    const onBooked = vi.fn();
    const input = await openModal({ initialDateTime: '2026-05-07T13:00:00.000Z', initialLength: 15, onBooked });
    expect(input.value).toBe('05-07-2026 09:00 AM');
    fireEvent.click(book());
    await waitFor(() => expect(onBooked).toHaveBeenCalled());
    expect(saved(api)[0]!.body).toMatchObject({
      appointmentDateTime: '2026-05-07T13:00:00.000Z',
      appointmentLength: 15,
      offset: expect.any(Number),
    });
  });

  it('says what became of the welcome text the booking asked for', async () => {
    const api = stubServer({
      [SAVE]: ({ body }) => ({
        ...appointmentRow(),
        welcomeText: (body as { sendWelcomeText?: boolean }).sendWelcomeText ? 'SKIPPED_OPTED_OUT' : 'NOT_REQUESTED',
      }),
    });
    const toasts = vi.spyOn(notifications, 'show');
    await openModal({ initialDateTime: '2026-05-07T13:00:00.000Z' });
    fireEvent.click(book());
    await waitFor(() =>
      expect(toasts).toHaveBeenCalledWith({
        color: 'yellow',
        message: 'Welcome text not sent: the client’s number has opted out of texts.',
      }),
    );
    expect(saved(api)[0]!.body).toMatchObject({ sendWelcomeText: true });
  });

  it('shows the server’s 409 message inside the modal', async () => {
    stubServer({ [SAVE]: apiError(409, APPOINTMENT_MESSAGES.alreadyScheduled) });
    const onClose = vi.fn();
    await openModal({ initialDateTime: '2026-05-07T13:00:00.000Z', onClose });
    fireEvent.click(book());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Event already scheduled for this date and time');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('disables the welcome SMS with the SPEC §5 tooltip when the client has auto-text off', async () => {
    const api = stubServer();
    await openModal({ autoText: false, initialDateTime: '2026-05-07T13:00:00.000Z' });
    const checkbox = screen.getByRole('checkbox', { name: 'Send welcome SMS' }) as HTMLInputElement;
    expect(checkbox.disabled).toBe(true);
    expect(checkbox.checked).toBe(false);
    vi.useRealTimers();
    await userEvent.hover(screen.getByTestId('welcome-sms-wrapper'));
    expect(await screen.findByText(APPOINTMENT_MESSAGES.autoTextDisabled)).toBeTruthy();
    fireEvent.click(book());
    await waitFor(() => expect(saved(api)).toHaveLength(1));
    expect(saved(api)[0]!.body).toMatchObject({ sendWelcomeText: false });
  });
});
