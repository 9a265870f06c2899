import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import type { AppointmentRow } from '@casedesk/contract/appointments/appointment';
import {
  BEFORE_NOW_WARNING,
  formatPickerValue,
  isBeforeNow,
  parsePickerValue,
} from '@casedesk/contract/appointments/date-time-rules';
import { DEFAULT_APPOINTMENT_LENGTH, type AppointmentLength } from '@casedesk/contract/appointments/slots';
import { wallTimeOf } from '@casedesk/contract/appointments/zoned-time';
import { paths } from '@/config/paths.ts';
import { isApiError } from '@/lib/api-error.ts';
import { useBookingAttorneys } from '../api/get-booking-attorneys.ts';
import { SAVE_APPOINTMENT_INLINE_STATUSES, useSaveAppointment } from '../api/save-appointment.ts';
import { AppointmentDateTimeInput } from './appointment-date-time-input.tsx';
import { welcomeTextNotice } from './welcome-text-notice.ts';
import { BookingDetailsFields, BookingPartiesFields, OpenTimes } from './book-appointment-fields.tsx';
import {
  bookingDefaults,
  bookingFormSchema,
  bookingResolver,
  bookingRules,
  clampedPickerText,
  DATE_LABEL,
  NEEDS_TIME,
  type BookingFormOutput,
  type BookingFormValues,
} from './booking-form-values.ts';
import { clientKeys } from '@/api/clients/client.ts';
import { appointmentKeys } from '../api/appointment-keys.ts';
import { inquiryKeys } from '@/api/inquiries/inquiry.ts';

// FullCalendar is heavy: it loads when "View calendar" is first pressed.
const CalendarModal = lazy(() => import('./calendar/calendar-modal.tsx').then((m) => ({ default: m.CalendarModal })));

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
  // The picker is read in the attorney's office zone once the attorney is known (set while rendering, below).
  const [timeZone, setTimeZone] = useState(browserZone);
  const now = new Date();
  const form = useForm<BookingFormValues, unknown, BookingFormOutput>({
    resolver: bookingResolver(timeZone, now),
    defaultValues: bookingDefaults({
      attorneyId: initialAttorneyId,
      lawTypeId: initialLawTypeId,
      initialLength,
      autoText,
    }),
  });
  const { control, handleSubmit, setValue, getValues } = form;
  // Every field has a default, so the watched values are never partial.
  const values = useWatch({ control }) as BookingFormValues;
  const dateField = useController({ control, name: 'appointmentDateTime' });
  // Typed or picked by the user: the initial slot is no longer shown for them.
  const chosenByUser = useRef(false);
  const [calendarOpened, setCalendarOpened] = useState(false);

  const text = values.appointmentDateTime;
  const initialDate = initialDateTime ? wallTimeOf(new Date(initialDateTime), timeZone).date : undefined;
  const length = values.appointmentLength ?? DEFAULT_APPOINTMENT_LENGTH;
  const schedulePast = values.schedulePast === true;
  const attorneys = useBookingAttorneys({
    // The day whose open times are shown: the one in the picker.
    date: parsePickerValue(text)?.date ?? initialDate ?? wallTimeOf(now, browserZone()).date,
    appointmentLength: length,
    schedulePast,
  });
  const attorney = attorneys.data?.find((a) => a.attorneyId === values.attorneyId) ?? null;
  const attorneyZone = attorney?.timeZone ?? browserZone();
  if (attorneyZone !== timeZone) setTimeZone(attorneyZone);

  // The slot the modal was opened with, shown in the attorney's zone once that is known (before paint).
  const hasAttorney = attorney !== null;
  useLayoutEffect(() => {
    if (chosenByUser.current || !initialDateTime || !hasAttorney) return;
    setValue('appointmentDateTime', formatPickerValue(new Date(initialDateTime), timeZone));
  }, [hasAttorney, timeZone, initialDateTime, setValue]);

  // The schema's verdict while rendering, so Book and the picker's message follow each keystroke.
  const rules = bookingRules(schedulePast, timeZone, now);
  const schema = bookingFormSchema(rules);
  const date = schema.shape.appointmentDateTime.safeParse(text);
  const instant = date.success ? new Date(date.data) : null;
  const dateIssue = date.error?.issues[0]?.message ?? null;
  const needsTime = dateIssue === NEEDS_TIME;
  const dateError = needsTime ? null : dateIssue;
  // SPEC §5: Book is disabled while the date is empty, invalid or refused.
  const canBook = schema.safeParse(values).success && !save.isPending;
  const shownError = dateField.fieldState.isTouched || text !== '' ? dateError : null;
  const today = wallTimeOf(now, timeZone).date;

  /** A time taken from the open times or the calendar: the picker's text, judged at once. */
  const pick = (start: string) => {
    chosenByUser.current = true;
    setValue('appointmentDateTime', formatPickerValue(new Date(start), timeZone), {
      shouldDirty: true,
      shouldTouch: true,
    });
  };

  // SPEC §5: on leaving the picker, a time already past today shows as the time it will be booked at.
  const clamp = () => {
    dateField.field.onBlur();
    const clamped = clampedPickerText(getValues('appointmentDateTime'), rules);
    if (clamped) setValue('appointmentDateTime', clamped);
  };

  const book = handleSubmit(({ attorneyId, ...booking }) =>
    save.mutate(
      { ...booking, appointmentId, inquiryId, attorneyId },
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
    ),
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // The modal is portalled, but React still bubbles its submit to the inquiry form around it.
    event.stopPropagation();
    if (!canBook) {
      event.preventDefault();
      return;
    }
    void book(event);
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
          control={control}
          attorneys={attorneys}
          // The date is judged against the other side of now, and says so even if not yet touched.
          onSchedulePastChange={() =>
            setValue('appointmentDateTime', getValues('appointmentDateTime'), { shouldTouch: true })
          }
        />
        <Stack gap={6}>
          <AppointmentDateTimeInput
            label={DATE_LABEL}
            value={text}
            onChange={(value) => {
              chosenByUser.current = true;
              dateField.field.onChange(value);
              save.reset();
            }}
            onBlur={clamp}
            error={shownError}
            timeZone={timeZone}
            today={today}
            allow={rules.allow}
            description={
              needsTime ? NEEDS_TIME : `Format MM-dd-yyyy hh:mm AM/PM · times in ${timeZone.replace(/_/g, ' ')}`
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
              date={parsePickerValue(text)?.date ?? null}
              loading={attorneys.isFetching}
              chosen={instant}
              onPick={(start) => {
                pick(start);
                save.reset();
              }}
              onViewCalendar={() => setCalendarOpened(true)}
            />
          )}
        </Stack>
        <BookingDetailsFields control={control} autoText={autoText} />
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
              pick(start);
              setCalendarOpened(false);
            }}
          />
        </Suspense>
      )}
    </form>
  );
}
