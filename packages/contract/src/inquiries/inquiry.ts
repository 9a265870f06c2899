import { z } from 'zod';
import { clientDetailSchema, clientFieldsSchema } from '../clients/client.ts';
import { dateOfBirthField, FIELD_MESSAGES, phoneField, TEXTAREA_MAX_LENGTH, textField } from '../common/field-rules.ts';
import { labelFromFieldName } from '../common/text.ts';
import { intakeAnswersSchema } from './intake-question.ts';
import { offsetHoursSchema } from './lead-list.ts';

/** Optional stored text: undefined keeps the stored value, blank clears it (null), else trimmed. */
function optional<T extends z.ZodType<string, string>>(field: T) {
  return field
    .nullish()
    .transform((v) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim()));
}

/** SPEC §5/§9: a textarea holds at most 500 characters (the counter under it counts every character). */
function textareaField(name: string, max = TEXTAREA_MAX_LENGTH) {
  return z.string().max(max, FIELD_MESSAGES.maxLength(labelFromFieldName(name), max));
}

export const INQUIRY_MESSAGES = {
  // SPEC §5 date-time picker wording.
  futureDate: (label: string) => `${label} cannot be future date.`,
  invalidDate: (label: string) => `${label} must be a valid date.`,
  clientRequired: 'Choose an existing client or enter the new client.',
  lawTypeUnknown: 'Law Type must be one of the active law types.',
  leadOwnerUnknown: 'Lead Owner must be an active user.',
  officeOutOfScope: 'Office is not one of the offices you may take leads for.',
} as const;

/**
 * SPEC §3 clientIntake.mvaResponse.incidentDateTime: an instant (ISO 8601 with offset; the picker shows
 * MM-dd-yyyy hh:mm AM/PM in the browser's zone), not in the future (SPEC §5 date-time wording).
 */
export function incidentDateTimeField(name = 'incidentDateTime', now: () => Date = () => new Date()) {
  const label = labelFromFieldName(name);
  const instant = z.iso.datetime({ offset: true });
  return (
    z
      .string()
      .nullish()
      .refine((v) => !v || instant.safeParse(v).success, INQUIRY_MESSAGES.invalidDate(label))
      // A minute of slack: "now" picked in the browser must not fail on the server a moment later.
      .refine((v) => !v || !instant.safeParse(v).success || Date.parse(v) <= now().getTime() + 60_000, {
        message: INQUIRY_MESSAGES.futureDate(label),
      })
      .transform((v) => (v === undefined ? undefined : v ? new Date(v).toISOString() : null))
  );
}

/** SPEC §3 intakeOpposingParty, with the client rules of SPEC §5 (names ≤ 30, date of birth). */
export const opposingPartyFieldsSchema = z.object({
  firstName: optional(textField('firstName')),
  middleName: optional(textField('middleName')),
  lastName: optional(textField('lastName')),
  dateOfBirth: optional(dateOfBirthField('dateOfBirth')),
  phoneNumber: optional(phoneField('phoneNumber')),
  lmsClientNumber: optional(textField('lmsClientNumber')),
});
export type OpposingPartyFieldsInput = z.input<typeof opposingPartyFieldsSchema>;

export const clientIntakeSchema = z.object({
  mvaResponse: z.object({ incidentDateTime: incidentDateTimeField() }).default({ incidentDateTime: undefined }),
  answers: intakeAnswersSchema.default({}),
});

const inquiryFields = {
  /**
   * An existing client to take the lead for. On POST, omitted or null creates the client from `client`.
   * On PATCH, a different id re-attaches the inquiry to that client, null attaches a new client made
   * from `client`, omitted keeps the current client (and `client` updates it).
   */
  clientId: z.uuid().nullish(),
  lawTypeId: z.uuid().nullish(),
  caseDescription: optional(textareaField('caseDescription')),
  clientIntake: clientIntakeSchema.optional(),
  intakeOpposingParty: opposingPartyFieldsSchema.optional(),
  leadOwnerId: z.uuid().nullish(),
  source: optional(textField('source', { max: 100 })),
  noApptReason: optional(textField('noApptReason', { max: 100 })),
  notes: optional(textareaField('notes')),
  /** Without one, the lead belongs to the caller's office. */
  officeId: z.uuid().nullish(),
};

/** POST /api/v1/inquiry body: the client section (new client, or fields of the chosen one) and the inquiry. */
export const createInquirySchema = z.object({ ...inquiryFields, client: clientFieldsSchema.optional() }).strict();
export type CreateInquiryInput = z.input<typeof createInquirySchema>;
export type CreateInquiry = z.output<typeof createInquirySchema>;

/** PATCH /api/v1/inquiry?inquiryId=… body: fields left out keep their value. */
export const updateInquirySchema = z
  .object({ ...inquiryFields, client: clientFieldsSchema.partial().optional() })
  .strict();
export type UpdateInquiryInput = z.input<typeof updateInquirySchema>;
export type UpdateInquiry = z.output<typeof updateInquirySchema>;

/** The screen's form: one schema for create and edit (every section is present there). */
export const inquiryFormSchema = createInquirySchema.required({
  client: true,
  clientIntake: true,
  intakeOpposingParty: true,
});
export type InquiryFormInput = z.input<typeof inquiryFormSchema>;

export const inquiryIdQuerySchema = z.object({ inquiryId: z.uuid() }).strict();
export const inquiryByClientQuerySchema = z.object({ clientId: z.uuid() }).strict();

const nullableText = z.string().nullable();

export const opposingPartySchema = z.object({
  firstName: nullableText,
  middleName: nullableText,
  lastName: nullableText,
  /** yyyy-MM-dd */
  dateOfBirth: nullableText,
  phoneNumber: nullableText,
  lmsClientNumber: nullableText,
});
export type OpposingParty = z.infer<typeof opposingPartySchema>;

export const inquiryCallSchema = z.object({
  id: z.uuid(),
  direction: z.enum(['INBOUND', 'OUTBOUND']),
  durationInSeconds: z.number().int().nullable(),
  callStartTime: z.string(),
  callerId: nullableText,
});

export const inquirySmsSchema = z.object({
  id: z.uuid(),
  direction: z.enum(['INBOUND', 'OUTBOUND']),
  fromNumber: z.string(),
  toNumber: z.string(),
  body: z.string(),
  createdDate: z.string(),
});

const idValueSchema = z.object({ id: z.uuid(), value: z.string() });
const userRefSchema = z.object({ id: z.uuid(), displayName: z.string() });

/** SPEC §3 Inquiry as GET /api/v1/inquiry returns it. */
export const inquiryDetailSchema = z.object({
  id: z.uuid(),
  /** Null only in the answer of /inquiry/resetClient (the client section is blank there). */
  clientId: z.uuid().nullable(),
  client: clientDetailSchema.nullable(),
  officeId: z.uuid().nullable(),
  caseDescription: nullableText,
  lawType: idValueSchema.nullable(),
  clientIntake: z.object({
    mvaResponse: z.object({ incidentDateTime: nullableText }),
    answers: z.record(z.string(), z.string()),
  }),
  intakeOpposingParty: opposingPartySchema,
  calls: z.array(inquiryCallSchema),
  // Mail arrives with the mail module; the list is empty until then.
  emails: z.array(z.object({ id: z.uuid(), subject: z.string(), sentAt: z.string() })),
  smsMessages: z.array(inquirySmsSchema),
  // Appointments arrive with the appointments module; the list is empty until then.
  appointments: z.array(z.object({ id: z.uuid(), appointmentDateTime: z.string() })),
  leadOwner: userRefSchema.nullable(),
  source: nullableText,
  noApptReason: nullableText,
  notes: nullableText,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InquiryDetail = z.infer<typeof inquiryDetailSchema>;

/** GET /api/v1/inquiry/inquiryByClientId: the client's inquiries the caller may see, newest first. */
export const inquirySummarySchema = z.object({
  id: z.uuid(),
  clientId: z.uuid(),
  officeId: z.uuid().nullable(),
  lawType: idValueSchema.nullable(),
  caseDescription: nullableText,
  leadOwner: userRefSchema.nullable(),
  createdAt: z.string(),
});
export type InquirySummary = z.infer<typeof inquirySummarySchema>;
export const inquirySummaryListSchema = z.array(inquirySummarySchema);

export const pdfExportQuerySchema = z
  .object({
    inquiryId: z.uuid(),
    offsetHours: offsetHoursSchema,
  })
  .strict();
