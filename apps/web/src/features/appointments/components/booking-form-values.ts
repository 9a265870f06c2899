import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { saveAppointmentSchema } from '@casedesk/contract/appointments/appointment';
import {
  clampPastDateTime,
  dateTimeError,
  formatPickerValue,
  parsePickerValue,
  type DateTimeCheck,
} from '@casedesk/contract/appointments/date-time-rules';
import { DEFAULT_APPOINTMENT_LENGTH, type AppointmentLength } from '@casedesk/contract/appointments/slots';
import { instantOfWallTime } from '@casedesk/contract/appointments/zoned-time';

export const DATE_LABEL = 'Appointment Date';

/** Said under the picker (not as an error) while it holds a day without a time: Book waits for one. */
export const NEEDS_TIME = 'Add a time (hh:mm AM/PM) or pick one of the open times below.';

/** What the picker's text is judged against: now, the attorney's office zone, and the side of now allowed. */
export type BookingRules = DateTimeCheck;

/** SPEC §4 Schedule Past Appointment: off allows only future times, on only past ones. */
export function bookingRules(schedulePast: boolean | undefined, timeZone: string, now = new Date()): BookingRules {
  return { now, timeZone, allow: schedulePast ? 'past' : 'future' };
}

/** The picker's day and time as an instant in the office zone; null without a time. */
function chosenInstant(text: string, timeZone: string): Date | null {
  const parsed = parsePickerValue(text);
  return parsed?.minutes != null ? instantOfWallTime(parsed.date, parsed.minutes, timeZone) : null;
}

/** The instant the picker's text books; null while it has an error or no time yet. */
export function bookedInstant(text: string, rules: BookingRules): Date | null {
  if (dateTimeError(DATE_LABEL, text, rules)) return null;
  const chosen = chosenInstant(text, rules.timeZone);
  // SPEC §5/§9: a time already past (earlier today) is clamped to 30 minutes before now.
  return chosen && rules.allow === 'future' ? clampPastDateTime(chosen, rules.now) : chosen;
}

/** The picker's text for the time it will be booked at, when that is not the time it shows (clamped). */
export function clampedPickerText(text: string, rules: BookingRules): string | null {
  const chosen = chosenInstant(text, rules.timeZone);
  const booked = bookedInstant(text, rules);
  return chosen && booked && booked.getTime() !== chosen.getTime() ? formatPickerValue(booked, rules.timeZone) : null;
}

/**
 * SPEC §5 date-time picker as a form field: typed MM-dd-yyyy hh:mm AM/PM in the office zone, judged with
 * the picker's messages, then handed on as the contract's appointmentDateTime (an ISO instant). A day
 * without a time is not bookable yet (NEEDS_TIME).
 */
function appointmentDateTimeField(rules: BookingRules) {
  return z
    .string()
    .transform((text, ctx) => {
      const instant = bookedInstant(text, rules);
      if (!instant) {
        ctx.addIssue({ code: 'custom', message: dateTimeError(DATE_LABEL, text, rules) ?? NEEDS_TIME });
        return z.NEVER;
      }
      return instant.toISOString();
    })
    .pipe(saveAppointmentSchema.shape.appointmentDateTime);
}

const save = saveAppointmentSchema.shape;

/**
 * The book modal's form: the contract's save payload (SPEC §3) as the modal chooses it. Selects hold null
 * until chosen, notes are trimmed (blank is none), and the date-time is the picker's text.
 */
export function bookingFormSchema(rules: BookingRules) {
  return z.object({
    attorneyId: z.string().nullable().pipe(save.attorneyId),
    lawTypeId: z
      .string()
      .nullable()
      .transform((id) => id ?? undefined)
      .pipe(save.lawTypeId),
    schedulePast: save.schedulePast,
    appointmentDateTime: appointmentDateTimeField(rules),
    appointmentLength: save.appointmentLength,
    appointmentType: save.appointmentType,
    notes: z
      .string()
      .transform((notes) => notes.trim() || undefined)
      .pipe(save.notes),
    sendWelcomeText: save.sendWelcomeText,
  });
}

type BookingFormSchema = ReturnType<typeof bookingFormSchema>;
export type BookingFormValues = z.input<BookingFormSchema>;
export type BookingFormOutput = z.output<BookingFormSchema>;

/**
 * zodResolver with the schema for the values' own toggle, judged as the form was last shown: in the
 * attorney's office zone (known once the attorneys have loaded) at the time of that render. The form
 * passes a new one each render, so Book and what it submits always agree.
 */
export function bookingResolver(timeZone: string, now: Date): Resolver<BookingFormValues, unknown, BookingFormOutput> {
  return (values, context, options) =>
    zodResolver(bookingFormSchema(bookingRules(values.schedulePast, timeZone, now)))(values, context, options);
}

interface BookingStart {
  attorneyId?: string;
  lawTypeId?: string;
  initialLength?: AppointmentLength;
  /** SPEC §3 Client.autoText: the welcome text is offered ticked only when the client allows texts. */
  autoText: boolean;
}

/** The form as the modal opens; the date-time is filled once the attorney's zone is known. */
export function bookingDefaults({ attorneyId, lawTypeId, initialLength, autoText }: BookingStart): BookingFormValues {
  return {
    attorneyId: attorneyId ?? null,
    lawTypeId: lawTypeId ?? null,
    schedulePast: false,
    appointmentDateTime: '',
    appointmentLength: initialLength ?? DEFAULT_APPOINTMENT_LENGTH,
    appointmentType: 'In Office',
    notes: '',
    sendWelcomeText: autoText,
  };
}
