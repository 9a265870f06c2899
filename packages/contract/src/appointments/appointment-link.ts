import { z } from 'zod';
import { appointmentRowSchema } from './appointment.ts';

/**
 * /pnc and /appt-detail: the appointment detail a client opens from a text message, without
 * sign-in, reachable only through an unguessable, expiring signed link.
 */
export const APPOINTMENT_LINK_MESSAGES = {
  // One message for a wrong, tampered, expired, cancelled or deleted link: the page says no more.
  invalid: 'This appointment link is invalid or has expired.',
  noAppointment: 'The client has no upcoming appointment to send a link to.',
} as const;

/** The placeholder a text template uses for that link (filled by the chat options). */
export const APPOINTMENT_LINK_PLACEHOLDER = '@appointmentLink';

/** GET /api/v1/public/appointment-detail: any token is read; a bad one is the same 404 as an expired one. */
export const appointmentDetailQuerySchema = z.object({ token: z.string().max(200).optional() });

/** Everything the client's page shows, and nothing else (no client name, phone, notes or ids). */
export const publicAppointmentDetailSchema = z.object({
  /** The appointment's start, an instant (ISO 8601). */
  dateTime: z.string(),
  /** The start in the office's time zone, in words: 'Tuesday, March 10, 2026'. */
  date: z.string(),
  /** The start in the office's time zone: '10:30 AM PDT'. */
  time: z.string(),
  /** Minutes: 15, 30 or 60. */
  length: z.number().int(),
  officeName: z.string(),
  officeAddress: z.string(),
  attorneyName: z.string(),
  zoomLink: z.string().nullable(),
});
export type PublicAppointmentDetail = z.infer<typeof publicAppointmentDetailSchema>;

/** GET /api/v1/appointment/link/{appointmentId}: the link staff can send a client. */
export const appointmentLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type AppointmentLink = z.infer<typeof appointmentLinkSchema>;

export const appointmentIdParamsSchema = z.object({ appointmentId: z.uuid() });

/**
 * The welcome SMS checkbox: what became of the welcome text of a booking. It is sent only after the
 * booking has committed; a booking never fails because of its text.
 */
export const WELCOME_TEXT_OUTCOMES = [
  'NOT_REQUESTED',
  'SENT',
  'SKIPPED_AUTO_TEXT_OFF',
  'SKIPPED_OPTED_OUT',
  /** The booker had used up their texts for the minute (the SMS rate limit). */
  'SKIPPED_RATE_LIMITED',
  'FAILED',
] as const;
export type WelcomeTextOutcome = (typeof WELCOME_TEXT_OUTCOMES)[number];

/** The answer of PUT /appointment and bookAppointment: the saved appointment and its welcome text. */
export const savedAppointmentSchema = appointmentRowSchema.extend({
  welcomeText: z.enum(WELCOME_TEXT_OUTCOMES),
});
export type SavedAppointment = z.infer<typeof savedAppointmentSchema>;

/** An office's address on one line: '350 S Grand Ave, Los Angeles, CA 90071' (parts that are missing left out). */
export function officeAddressLine(office: {
  streetAddress: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}): string {
  const stateZip = [office.state, office.zip].filter(Boolean).join(' ');
  const cityLine = [office.city, stateZip].filter(Boolean).join(', ');
  return [office.streetAddress, cityLine].filter(Boolean).join(', ');
}
