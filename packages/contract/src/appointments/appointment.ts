import { z } from 'zod';
import { instantSchema, isoDateSchema } from '../common/dates.ts';
import { listRequestSchema, listResponseSchema } from '../common/paging.ts';
import { APPOINTMENT_STAGE_IDS, APPOINTMENT_STAGE_ON_SAVE, APPT_STATUSES } from './row-colour.ts';
import { APPOINTMENT_LENGTHS, DEFAULT_APPOINTMENT_LENGTH } from './slots.ts';
import { isKnownTimeZone } from './zoned-time.ts';

/** SPEC §3 appointmentType.value: where the meeting happens (ours; the spec names the field only). */
export const APPOINTMENT_TYPES = ['In Office', 'Zoom', 'Phone'] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];

/** SPEC §2 /appointments/{appointmentType}. */
export const APPOINTMENT_LIST_TYPES = ['set', 'all', 'pi', 'week'] as const;
export type AppointmentListType = (typeof APPOINTMENT_LIST_TYPES)[number];

/** The law type the PI list shows. */
export const PERSONAL_INJURY = 'Personal Injury';

export const APPOINTMENT_MESSAGES = {
  // SPEC §5, word for word.
  alreadyScheduled: 'Event already scheduled for this date and time',
  // Ours: a deactivated office keeps its appointments but takes no new ones.
  officeInactive: 'This attorney’s office is inactive and takes no new appointments.',
  autoTextDisabled: 'Client has auto-text disabled. Please enable to modify',
  // Ours, in the same plain style.
  dayBlocked: 'The attorney is not available on this day.',
  outsideHours: 'The attorney is not available at this time.',
  holiday: 'This day is a holiday.',
  length: 'Appointment Length must be 15, 30 or 60 minutes.',
  attorney: 'Attorney is a required field.',
  inquiry: 'Inquiry is a required field.',
  stage: 'Appointment Stage must be a known stage.',
  notes: 'Notes must be 500 characters or less.',
  unknownReference: (label: string) => `${label} must be an existing record.`,
} as const;

const instant = instantSchema();
const lengthSchema = z
  .union(
    APPOINTMENT_LENGTHS.map((n) => z.literal(n)),
    { error: APPOINTMENT_MESSAGES.length },
  )
  .default(DEFAULT_APPOINTMENT_LENGTH);

/**
 * SPEC §3 save payload (adTitle, callId, appointmentId, title, notes, appointmentDateTime,
 * appointmentStageId, sendWelcomeText, offset) with what the book modal also chooses: the inquiry, the
 * attorney, the length, the type and law type, and whether a past appointment is being recorded.
 */
export const saveAppointmentSchema = z.object({
  appointmentId: z.uuid().optional(),
  inquiryId: z.uuid({ error: APPOINTMENT_MESSAGES.inquiry }),
  attorneyId: z.uuid({ error: APPOINTMENT_MESSAGES.attorney }),
  callId: z.uuid().optional(),
  adTitle: z.string().trim().max(200).optional(),
  title: z.string().trim().max(200).optional(),
  notes: z.string().max(500, APPOINTMENT_MESSAGES.notes).optional(),
  appointmentDateTime: instantSchema('Appointment Date Time'),
  appointmentLength: lengthSchema,
  appointmentType: z.enum(APPOINTMENT_TYPES).default('In Office'),
  lawTypeId: z.uuid().optional(),
  appointmentStageId: z
    .number()
    .int()
    .refine((id) => (APPOINTMENT_STAGE_IDS as number[]).includes(id), APPOINTMENT_MESSAGES.stage)
    .default(APPOINTMENT_STAGE_ON_SAVE),
  sendWelcomeText: z.boolean().default(false),
  /** SPEC §7: the browser's UTC offset in hours. */
  offset: z.number().min(-14).max(14).optional(),
  /** SPEC §4 Schedule Past Appointment: recording a past appointment. */
  schedulePast: z.boolean().default(false),
});
export type SaveAppointment = z.infer<typeof saveAppointmentSchema>;

export const rescheduleAppointmentSchema = z.object({
  appointmentId: z.uuid(),
  appointmentDateTime: instantSchema('Appointment Date Time'),
  appointmentLength: lengthSchema.optional(),
  attorneyId: z.uuid().optional(),
});

/** SPEC §7: patch with callId and inquiryId: this appointment becomes the inquiry's (SPEC §4). */
export const patchAppointmentSchema = z.object({
  appointmentId: z.uuid(),
  inquiryId: z.uuid(),
  callId: z.uuid().optional(),
});

/** PATCH /appointment/{inquiryId}/{appointmentId}: what the lists and the inquiry change in place. */
export const updateAppointmentFieldsSchema = z
  .object({
    stageId: z
      .number()
      .int()
      .refine((id) => (APPOINTMENT_STAGE_IDS as number[]).includes(id), APPOINTMENT_MESSAGES.stage),
    apptStatus: z.enum(APPT_STATUSES),
    flagged: z.boolean(),
    followUpDate: isoDateSchema().nullable(),
    notes: z.string().max(500, APPOINTMENT_MESSAGES.notes),
  })
  .partial();

export const appointmentPathSchema = z.object({ inquiryId: z.uuid(), appointmentId: z.uuid() });

export const appointmentRowSchema = z.object({
  id: z.uuid(),
  clientId: z.uuid(),
  clientName: z.string(),
  clientPhone: z.string().nullable(),
  inquiryId: z.uuid().nullable(),
  attorneyId: z.uuid(),
  attorneyName: z.string(),
  officeId: z.uuid(),
  officeName: z.string(),
  appointmentDateTime: z.string(),
  appointmentLength: z.number().int(),
  appointmentType: z.enum(APPOINTMENT_TYPES),
  lawType: z.string().nullable(),
  stageId: z.number().int(),
  stage: z.string(),
  apptStatus: z.enum(APPT_STATUSES),
  flagged: z.boolean(),
  followUpDate: z.string().nullable(),
  caseDescription: z.string().nullable(),
  notes: z.string().nullable(),
  bookedBy: z.string().nullable(),
  bookedAt: z.string(),
  isActive: z.boolean(),
  isCurrent: z.boolean(),
});
export type AppointmentRow = z.infer<typeof appointmentRowSchema>;

/** Table headers of the appointment lists (the spec names the page, not its columns). */
export const APPOINTMENT_COLUMNS = [
  { id: 'clientName', header: 'client' },
  { id: 'clientPhone', header: 'phone' },
  { id: 'appointmentDateTime', header: 'appointment' },
  { id: 'appointmentLength', header: 'length' },
  { id: 'attorneyName', header: 'attorney' },
  { id: 'officeName', header: 'office' },
  { id: 'lawType', header: 'law type' },
  { id: 'appointmentType', header: 'type' },
  { id: 'stage', header: 'stage' },
  { id: 'apptStatus', header: 'appt status' },
  { id: 'bookedBy', header: 'booked by' },
  { id: 'bookedAt', header: 'booked' },
] as const;
export type AppointmentColumnId = (typeof APPOINTMENT_COLUMNS)[number]['id'];
export const APPOINTMENT_SORTS = APPOINTMENT_COLUMNS.map((c) => c.id) as [
  AppointmentColumnId,
  ...AppointmentColumnId[],
];

export const appointmentFilterSchema = z.object({
  searchKeyword: z.string().trim().max(100).optional(),
  attorneyId: z.uuid().optional(),
  officeId: z.uuid().optional(),
  /** Instants; 'set' filters on the booked date, the other lists on the appointment date. */
  dateFrom: instant.optional(),
  dateTo: instant.optional(),
  includeDeleted: z.boolean().optional(),
});

export const appointmentListRequestSchema = listRequestSchema(appointmentFilterSchema).extend({
  sortBy: z.enum(APPOINTMENT_SORTS).optional(),
});
export type AppointmentListRequest = z.infer<typeof appointmentListRequestSchema>;
export const appointmentListResponseSchema = listResponseSchema(appointmentRowSchema);

/** SPEC §7 weekdayTotals: appointments per day of the chosen week. */
export const weekdayTotalsRequestSchema = z.object({
  startDate: isoDateSchema(),
  offset: z.number().min(-14).max(14).default(0),
  officeId: z.uuid().optional(),
  /**
   * The browser's IANA zone. With it the days are the browser's own through the week, a daylight-saving
   * change included; without it they are read at `offset` (SPEC §7), fixed for the whole week.
   */
  timeZone: z.string().max(64).refine(isKnownTimeZone, { error: 'Time Zone must be a valid time zone.' }).optional(),
});

export const weekdayTotalsSchema = z.array(
  z.object({ date: z.string(), dayOfWeek: z.number().int(), count: z.number().int() }),
);
