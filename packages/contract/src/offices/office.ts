import { z } from 'zod';
import { emailField, FIELD_MESSAGES, phoneField, textField } from '../common/field-rules.ts';
import { listRequestSchema, listResponseSchema } from '../common/paging.ts';
import { digitsOnly } from '../common/text.ts';

export const OFFICE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type OfficeStatus = (typeof OFFICE_STATUSES)[number];
export const OFFICE_TYPES = ['OFFICE', 'CALL_CENTER', 'CORPORATE'] as const;
export type OfficeType = (typeof OFFICE_TYPES)[number];

/** SPEC §2 offices table headers, in order, word for word. */
export const OFFICE_COLUMNS = [
  { id: 'name', header: 'name' },
  { id: 'phone', header: 'phone' },
  { id: 'lmsOfficeId', header: 'LMS office id' },
  { id: 'state', header: 'state' },
  { id: 'streetAddress', header: 'street address' },
  { id: 'city', header: 'city' },
  { id: 'zip', header: 'zip' },
  { id: 'email', header: 'email' },
  { id: 'status', header: 'status' },
  { id: 'officeType', header: 'office type' },
] as const;
export type OfficeColumnId = (typeof OFFICE_COLUMNS)[number]['id'];
export const OFFICE_SORTS = OFFICE_COLUMNS.map((c) => c.id) as [OfficeColumnId, ...OfficeColumnId[]];

/** Our wording: the spec gives the rules (SPEC §5 outbound caller ids of exactly 10 digits), not these texts. */
export const OFFICE_MESSAGES = {
  sortBy: 'Sort By must be an offices column.',
  status: 'Status must be ACTIVE or INACTIVE.',
  officeType: 'Office Type must be one of OFFICE, CALL_CENTER, CORPORATE.',
  outboundCallerId: 'Outbound Caller Id must be exactly 10 digits.',
  timeZone: 'Time Zone must be a valid IANA time zone, such as America/New_York.',
  duplicateName: 'An office with this name already exists.',
  createNeedsAllOffices: 'Creating an office needs OFFICE CREATE without an office condition.',
  inactiveTakesNoAttorneys: 'An inactive office takes no new attorneys. Reactivate it first.',
} as const;

/** SPEC §5 limits where the spec names the field; ours (name 100, LMS office id 30 like the LMS client number). */
export const OFFICE_MAX_LENGTHS = { name: 100, lmsOfficeId: 30, streetAddress: 100, city: 50, state: 50, zip: 15 };

/** The IANA zones this runtime knows (browser and server alike), read once. */
let zones: Set<string> | undefined;
export function isKnownTimeZone(value: string): boolean {
  zones ??= new Set(Intl.supportedValuesOf('timeZone'));
  return zones.has(value);
}
export function timeZoneOptions(): string[] {
  return Intl.supportedValuesOf('timeZone');
}

/** Blank is stored as null; text is stored trimmed. Accepts null so a record read back can be sent as is. */
function optional<T extends z.ZodType<string, string>>(field: T) {
  return field.nullish().transform((v) => (v == null || v.trim() === '' ? null : v.trim()));
}

const requiredDigits = (name: string) => phoneField(name, { required: true });

/** SPEC §3 Office and §2 headers: every field the office form edits, in form order. */
export const officeWriteSchema = z
  .object({
    name: textField('name', { required: true, max: OFFICE_MAX_LENGTHS.name }).transform((v) => v.trim()),
    officeType: z.enum(OFFICE_TYPES, { error: OFFICE_MESSAGES.officeType }),
    phone: requiredDigits('phone'),
    smsNumber: requiredDigits('smsNumber'),
    // SPEC §5: only outbound caller ids of exactly 10 digits are offered, so no other is stored.
    outboundCallerId: z
      .string({ error: FIELD_MESSAGES.required('Outbound Caller Id') })
      .transform((v) => digitsOnly(v))
      .refine((v) => v.length === 10, OFFICE_MESSAGES.outboundCallerId),
    timeZone: z
      .string({ error: FIELD_MESSAGES.required('Time Zone') })
      .trim()
      .refine((v) => isKnownTimeZone(v), OFFICE_MESSAGES.timeZone),
    lmsOfficeId: optional(textField('lmsOfficeId', { label: 'LMS Office Id', max: OFFICE_MAX_LENGTHS.lmsOfficeId })),
    email: optional(emailField('email')),
    streetAddress: optional(textField('streetAddress')),
    city: optional(textField('city')),
    state: optional(textField('state')),
    zip: optional(textField('zip', { max: OFFICE_MAX_LENGTHS.zip })),
  })
  .strict();
export type OfficeWriteInput = z.input<typeof officeWriteSchema>;
export type OfficeWrite = z.output<typeof officeWriteSchema>;

export const officeIdParamsSchema = z.object({ officeId: z.uuid() }).strict();

export const officeStatusBodySchema = z
  .object({ status: z.enum(OFFICE_STATUSES, { error: OFFICE_MESSAGES.status }) })
  .strict();
export type OfficeStatusBody = z.infer<typeof officeStatusBodySchema>;

export const officeFilterSchema = z
  .object({
    /** Name, LMS office id, city, state, email, or the digits of the phone. */
    searchKeyword: z.string().trim().max(100).optional(),
    status: z.enum(OFFICE_STATUSES, { error: OFFICE_MESSAGES.status }).optional(),
    officeType: z.enum(OFFICE_TYPES, { error: OFFICE_MESSAGES.officeType }).optional(),
  })
  .strict();
export type OfficeFilter = z.infer<typeof officeFilterSchema>;

/** POST /api/v1/office/all. */
export const officeListRequestSchema = listRequestSchema(officeFilterSchema)
  .extend({ sortBy: z.enum(OFFICE_SORTS, { error: OFFICE_MESSAGES.sortBy }).optional() })
  .strict();
export type OfficeListRequest = z.infer<typeof officeListRequestSchema>;
export type OfficeListRequestInput = z.input<typeof officeListRequestSchema>;

const text = z.string().nullable();

/** One row of the offices list: the SPEC §2 headers and the id. */
export const officeRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  phone: z.string(),
  lmsOfficeId: text,
  state: text,
  streetAddress: text,
  city: text,
  zip: text,
  email: text,
  status: z.enum(OFFICE_STATUSES),
  officeType: z.enum(OFFICE_TYPES),
});
export type OfficeRow = z.infer<typeof officeRowSchema>;
export const officeListResponseSchema = listResponseSchema(officeRowSchema);
export type OfficeListResponse = z.infer<typeof officeListResponseSchema>;

/** One office as the office page edits it (SPEC §3 Office plus the list's fields and its zone). */
export const officeDetailSchema = officeRowSchema.extend({
  smsNumber: z.string(),
  outboundCallerId: z.string(),
  timeZone: z.string(),
});
export type OfficeDetail = z.infer<typeof officeDetailSchema>;
