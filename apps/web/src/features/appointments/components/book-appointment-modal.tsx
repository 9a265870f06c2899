import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AppointmentRow, AppointmentType } from '@casedesk/contract/appointments/appointment';
import {
  BEFORE_NOW_WARNING,
  clampPastDateTime,
  dateTimeError,
  formatPickerValue,
  isBeforeNow,
  parsePickerValue,
} from '@casedesk/contract/appointments/date-time-rules';
import { DEFAULT_APPOINTMENT_LENGTH, type AppointmentLength } from '@casedesk/contract/appointments/slots';
import { instantOfWallTime, wallTimeOf } from '@casedesk/contract/appointments/zoned-time';
import { paths } from '@/config/paths.ts';
import { isApiError } from '@/lib/api-error.ts';
import { useBookingAttorneys } from '../api/get-booking-attorneys.ts';
import { SAVE_APPOINTMENT_INLINE_STATUSES, useSaveAppointment } from '../api/save-appointment.ts';
import { AppointmentDateTimeInput } from './appointment-date-time-input.tsx';
import { welcomeTextNotice } from './welcome-text-notice.ts';
import { BookingDetailsFields, BookingPartiesFields, OpenTimes } from './book-appointment-fields.tsx';
import { clientKeys } from '@/api/clients/client.ts';
import { appointmentKeys } from '../api/appointment-keys.ts';
import { inquiryKeys } from '@/api/inquiries/inquiry.ts';

// FullCalendar is heavy: it loads when "View calendar" is first pressed.
const CalendarModal = lazy(() => import('./calendar/calendar-modal.tsx').then((m) => ({ default: m.CalendarModal })));

export const DATE_LABEL = 'Appointment Date';
export const BOOKED_MESSAGE = 'Appointment has been booked successfully';
export const RESCHEDULED_MESSAGE = 'Appointment has been saved successfully';

export interface BookAppointmentModalProps {
  opened: boolean;
  onClose(): void;
  inquiryId: string;
  clientId: string;
  /** SPEC §3 Client.autoText: when false the welcome text cannot be enabled. */
  autoText: boolean;
  attorneyId?: string;
  lawTypeId?: string;
  /** ISO instant, e.g. the free slot picked in the availability drawer or the calendar. */
  initialDateTime?: string;
  initialLength?: AppointmentLength;
  /** Moves this appointment instead of booking a new one. */
  appointmentId?: string;
  onBooked?(result: AppointmentRow): void;
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** SPEC §2/§4/§5 Book-appointment modal. The form mounts on each opening, so it always starts afresh. */
export function BookAppointmentModal(props: BookAppointmentModalProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.appointmentId ? 'Reschedule appointment' : 'Book appointment'}
      size="lg"
    >
      {props.opened && <BookAppointmentForm {...props} />}
    </Modal>
  );
}

function BookAppointmentForm({
  onClose,
  inquiryId,
  clientId,
  autoText,
  attorneyId: initialAttorneyId,
  lawTypeId: initialLawTypeId,
  initialDateTime,
  initialLength,
  appointmentId,
  onBooked,
}: BookAppointmentModalProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const save = useSaveAppointment();
  const [attorneyId, setAttorneyId] = useState<string | null>(initialAttorneyId ?? null);
  const [lawTypeId, setLawTypeId] = useState<string | null>(initialLawTypeId ?? null);
  const [schedulePast, setSchedulePast] = useState(false);
  const [length, setLength] = useState<AppointmentLength>(initialLength ?? DEFAULT_APPOINTMENT_LENGTH);
  const [appointmentType, setAppointmentType] = useState<AppointmentType>('In Office');
  const [notes, setNotes] = useState('');
  const [sendWelcomeText, setSendWelcomeText] = useState(autoText);
  // Null until typed: the initial instant is shown in the attorney's zone once that is known.
  const [typed, setTyped] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [calendarOpened, setCalendarOpened] = useState(false);

  const now = new Date();
  const browserToday = wallTimeOf(now, browserZone()).date;
  const typedDate = parsePickerValue(typed ?? '')?.date;
  const initialDate = initialDateTime ? wallTimeOf(new Date(initialDateTime), browserZone()).date : undefined;
  const [shownDate, setShownDate] = useState<string | undefined>(undefined);
  const attorneys = useBookingAttorneys({
    // The day whose open times are shown: the one in the picker (read in the attorney's zone once known).
    date: typedDate ?? shownDate ?? initialDate ?? browserToday,
    appointmentLength: length,
    schedulePast,
  });
  const attorney = attorneys.data?.find((a) => a.attorneyId === attorneyId) ?? null;
  // Slots and the picker are read in the attorney's office zone.
  const timeZone = attorney?.timeZone ?? browserZone();
  const text = typed ?? (initialDateTime && attorney ? formatPickerValue(new Date(initialDateTime), timeZone) : '');
  const today = wallTimeOf(now, timeZone).date;
  const allow = schedulePast ? 'past' : 'future';
  const error = dateTimeError(DATE_LABEL, text, { now, timeZone, allow });
  const parsed = parsePickerValue(text);
  if (parsed && typed === null && parsed.date !== shownDate) setShownDate(parsed.date);
  const chosen = !error && parsed?.minutes != null ? instantOfWallTime(parsed.date, parsed.minutes, timeZone) : null;
  // SPEC §5: a time already past (earlier today) is moved to 30 minutes before now.
  const instant = chosen && allow === 'future' ? clampPastDateTime(chosen, now) : chosen;
  const needsTime = !error && parsed !== null && parsed.minutes === null;
  const shownError = touched || text !== '' ? error : null;
  const canBook = Boolean(attorneyId) && instant !== null && !save.isPending;

  const clamp = () => {
    setTouched(true);
    if (instant && chosen && instant.getTime() !== chosen.getTime()) setTyped(formatPickerValue(instant, timeZone));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The modal is portalled, but React still bubbles its submit to the inquiry form around it.
    event.stopPropagation();
    if (!canBook || !attorneyId || !instant) return;
    save.mutate(
      {
        appointmentId,
        inquiryId,
        attorneyId,
        appointmentDateTime: instant.toISOString(),
        appointmentLength: length,
        appointmentType,
        lawTypeId: lawTypeId ?? undefined,
        notes: notes.trim() || undefined,
        sendWelcomeText: autoText && sendWelcomeText,
        schedulePast,
      },
      {
        onSuccess: (row) => {
          notifications.show({ color: 'green', message: appointmentId ? RESCHEDULED_MESSAGE : BOOKED_MESSAGE });
          const welcome = welcomeTextNotice(row.welcomeText);
          if (welcome) notifications.show({ color: welcome.color, message: welcome.message });
          void queryClient.invalidateQueries({ queryKey: inquiryKeys.one(inquiryId) });
          void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
          // The client's appointments tab and lead view show the booking too.
          void queryClient.invalidateQueries({ queryKey: clientKeys.details(clientId) });
          void queryClient.invalidateQueries({ queryKey: clientKeys.lead(clientId) });
          onBooked?.(row);
          onClose();
          // SPEC §4: after a successful save the user returns to the inquiry screen.
          const inquiryPath = paths.communication.lead.href(inquiryId);
          if (!location.pathname.includes(inquiryId)) navigate(inquiryPath);
        },
      },
    );
  };

  const refusal =
    isApiError(save.error) && (SAVE_APPOINTMENT_INLINE_STATUSES as readonly number[]).includes(save.error.status)
      ? save.error
      : null;
  const fieldErrors = Object.values(refusal?.body?.fieldErrors ?? {}).filter((m) => m !== refusal?.message);

  return (
    <form onSubmit={submit} noValidate aria-label="Book appointment">
      <Stack gap="md">
        {refusal && (
          <Alert color="red" variant="light" role="alert" title="The appointment was not booked">
            <Text size="sm">{refusal.message}</Text>
            {fieldErrors.map((m) => (
              <Text size="sm" key={m}>
                {m}
              </Text>
            ))}
          </Alert>
        )}
        <BookingPartiesFields
          attorneys={attorneys}
          attorneyId={attorneyId}
          onAttorneyChange={setAttorneyId}
          lawTypeId={lawTypeId}
          onLawTypeChange={setLawTypeId}
          schedulePast={schedulePast}
          onSchedulePastChange={(past) => {
            setSchedulePast(past);
            setTouched(true);
          }}
        />
        <Stack gap={6}>
          <AppointmentDateTimeInput
            label={DATE_LABEL}
            value={text}
            onChange={(value) => {
              setTyped(value);
              save.reset();
            }}
            onBlur={clamp}
            error={shownError}
            timeZone={timeZone}
            today={today}
            allow={allow}
            description={
              needsTime
                ? 'Add a time (hh:mm AM/PM) or pick one of the open times below.'
                : `Format MM-dd-yyyy hh:mm AM/PM · times in ${timeZone.replace(/_/g, ' ')}`
            }
          />
          {instant && isBeforeNow(instant, now) && (
            <Text size="sm" c="orange.9" role="status" data-testid="before-now-warning">
              {BEFORE_NOW_WARNING}
            </Text>
          )}
          {attorney && (
            <OpenTimes
              attorney={attorney}
              date={parsed?.date ?? null}
              loading={attorneys.isFetching}
              chosen={instant}
              onPick={(start) => {
                setTyped(formatPickerValue(new Date(start), timeZone));
                setTouched(true);
                save.reset();
              }}
              onViewCalendar={() => setCalendarOpened(true)}
            />
          )}
        </Stack>
        <BookingDetailsFields
          length={length}
          onLengthChange={setLength}
          appointmentType={appointmentType}
          onAppointmentTypeChange={setAppointmentType}
          notes={notes}
          onNotesChange={setNotes}
          autoText={autoText}
          sendWelcomeText={autoText && sendWelcomeText}
          onSendWelcomeTextChange={setSendWelcomeText}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canBook} loading={save.isPending} data-testid="book-appointment-submit">
            {appointmentId ? 'Save' : 'Book'}
          </Button>
        </Group>
      </Stack>
      {attorney && calendarOpened && (
        <Suspense fallback={null}>
          <CalendarModal
            opened={calendarOpened}
            onClose={() => setCalendarOpened(false)}
            attorneyId={attorney.attorneyId}
            attorneyName={attorney.attorney}
            appointmentLength={length}
            schedulePast={schedulePast}
            onSlotSelect={(start) => {
              setTyped(formatPickerValue(new Date(start), timeZone));
              setTouched(true);
              setCalendarOpened(false);
            }}
          />
        </Suspense>
      )}
    </form>
  );
}
