import { z } from 'zod';
import { FIELD_MESSAGES } from '../common/field-rules.ts';
import { listRequestSchema, listResponseSchema, pageNumberSchema, SORT_ORDERS } from '../common/paging.ts';
import { digitsOnly } from '../common/text.ts';
import { offsetHoursSchema } from '../inquiries/lead-list.ts';
import { SMS_STATUSES } from './sms-status.ts';

/** SPEC §5/§9: an SMS body holds at most 1600 characters. */
export const SMS_BODY_MAX_LENGTH = 1600;
/** SPEC §9: text history page size. */
export const SMS_HISTORY_PAGE_SIZE = 5;
/** SPEC §9: the success message shows for 1 second. */
export const SMS_SUCCESS_DISPLAY_MS = 1000;
export const SMS_DIRECTIONS = ['INBOUND', 'OUTBOUND'] as const;
export type SmsDirection = (typeof SMS_DIRECTIONS)[number];
/** The SMS category type whose changes need no assignee (SPEC §4 category changes). */
export const CALL_CENTER_CATEGORY_TYPE = 'CALL_CENTER';

/** SPEC §5/§4 wording where the spec gives it; ours in the same '{Label} is a required field.' style otherwise. */
export const SMS_MESSAGES = {
  bodyRequired: 'Message is required field',
  bodyMax: 'Message should be max 1600 characters',
  fromNumberRequired: FIELD_MESSAGES.required('Office'),
  toNumberRequired: FIELD_MESSAGES.required('Phone Number'),
  toNumberInvalid: FIELD_MESSAGES.phone('Phone Number'),
  categoryRequired: FIELD_MESSAGES.required('Category'),
  reasonRequired: FIELD_MESSAGES.required('Reason For Text'),
  sent: 'Sms has been sent successfully.',
  optedOut: 'This number has opted out of text messages (replied STOP). It cannot be texted until it replies START.',
  termNotPaymentPlan: 'Term is not Payment Plan',
  direction: 'Direction must be OUTBOUND: only outbound texts are sent.',
  officeUnknown: 'Office must be the SMS number of an active office.',
  officeOutOfScope: 'Office is not one of the offices you may text from.',
  clientUnknown: 'Client not found.',
  inquiryUnknown: 'Inquiry not found.',
  collectionAccountUnknown: 'Collection account not found.',
  collectorUnknown: 'Collector not found.',
  categoryOutOfScope: 'Category is not one you may text in.',
  categoryUnknown: 'Category must be an active SMS category.',
  reasonUnknown: 'Reason For Text must be an active SMS reason.',
  operatorUnknown: 'Assignee must be an active user.',
  notRetryable: 'Only a failed or undelivered outbound text can be retried.',
  rateLimited: 'Too many texts sent in a short time. Please wait a minute and try again.',
  notFound: 'Text message not found.',
} as const;

const uuidOrMessage = (message: string) => z.uuid({ error: message });

/** SPEC §5: the body is required (blank counts as missing) and at most 1600 characters. */
export const smsBodySchema = z
  .string({ error: SMS_MESSAGES.bodyRequired })
  .refine((v) => v.trim() !== '', SMS_MESSAGES.bodyRequired)
  .refine((v) => v.length <= SMS_BODY_MAX_LENGTH, SMS_MESSAGES.bodyMax);

/** A required 10-digit number; punctuation typed or pasted is dropped (SPEC §5: stored without punctuation). */
function requiredPhone(required: string, invalid: string) {
  return z
    .string({ error: required })
    .transform((v) => digitsOnly(v))
    .refine((v) => v !== '', required)
    .refine((v) => v === '' || v.length === 10, invalid);
}

/**
 * POST /api/v1/sms/send body (SPEC §7) plus the category and reason the drawer requires (SPEC §5).
 * Also the Text Message drawer's form schema: same rules and messages on both sides.
 */
export const sendSmsRequestSchema = z
  .object({
    /** The office's SMS number (SPEC §3 SMS office number `smsNumber`). */
    fromNumber: requiredPhone(SMS_MESSAGES.fromNumberRequired, FIELD_MESSAGES.phone('Office')),
    toNumber: requiredPhone(SMS_MESSAGES.toNumberRequired, SMS_MESSAGES.toNumberInvalid),
    body: smsBodySchema,
    direction: z.literal('OUTBOUND', { error: SMS_MESSAGES.direction }).default('OUTBOUND'),
    clientId: z.uuid().nullish(),
    inquiryId: z.uuid().nullish(),
    collectionAccountId: z.uuid().nullish(),
    collectorId: z.uuid().nullish(),
    categoryId: uuidOrMessage(SMS_MESSAGES.categoryRequired),
    reasonId: uuidOrMessage(SMS_MESSAGES.reasonRequired),
  })
  .strict();
export type SendSmsRequestInput = z.input<typeof sendSmsRequestSchema>;
export type SendSmsRequest = z.output<typeof sendSmsRequestSchema>;

/** SPEC §7: time-sensitive calls send offsetHours (browser offset, east positive). */
export const sendSmsQuerySchema = z.object({ offsetHours: offsetHoursSchema }).strict();

/** POST /api/v1/sms/retry?id=…: a failed or undelivered outbound text is sent again as a new message. */
export const smsIdQuerySchema = z.object({ id: z.uuid() }).strict();

/** SPEC §3 dropdown option as a text message carries it; `groupType` is the SMS category type. */
function smsOptionRef<T extends 'SMS_CATEGORY' | 'SMS_REASON'>(dropdownType: T) {
  return z.object({
    id: z.uuid(),
    value: z.string(),
    label: z.string(),
    dropdownType: z.literal(dropdownType),
    active: z.boolean(),
    groupType: z.string().nullable(),
  });
}
export const smsCategorySchema = smsOptionRef('SMS_CATEGORY');
export const smsReasonSchema = smsOptionRef('SMS_REASON');
export type SmsCategory = z.infer<typeof smsCategorySchema>;
export type SmsReason = z.infer<typeof smsReasonSchema>;

/** SPEC §4: a category change to anything but Call Center asks for an assignee first. */
export function needsAssignee(category: Pick<SmsCategory, 'groupType'>): boolean {
  return category.groupType !== CALL_CENTER_CATEGORY_TYPE;
}

/** SPEC §3 Text message, with its office, delivery status and the participant's opt-out state. */
export const smsMessageSchema = z.object({
  id: z.uuid(),
  direction: z.enum(SMS_DIRECTIONS),
  fromNumber: z.string(),
  toNumber: z.string(),
  /** The far side's number (the client's): to-number of an outbound text, from-number of an inbound one. */
  participantNumber: z.string(),
  body: z.string(),
  clientId: z.uuid().nullable(),
  clientName: z.string().nullable(),
  operatorId: z.uuid().nullable(),
  operatorName: z.string().nullable(),
  inquiryId: z.uuid().nullable(),
  collectionAccountId: z.uuid().nullable(),
  collectorId: z.uuid().nullable(),
  officeId: z.uuid().nullable(),
  officeName: z.string().nullable(),
  category: smsCategorySchema.nullable(),
  reason: smsReasonSchema.nullable(),
  /** ISO instant. */
  createdDate: z.string(),
  status: z.enum(SMS_STATUSES),
  /** Provider error code of a failed or undelivered text (Twilio ErrorCode). */
  errorCode: z.string().nullable(),
  retryOfId: z.uuid().nullable(),
  /** Whether the participant's number is opted out now (replied STOP). */
  optedOut: z.boolean(),
});
export type SmsMessage = z.infer<typeof smsMessageSchema>;

/** Every column of the SMS list sorts on the server (SPEC §4: sort emits sortBy and sortOrder). */
export const SMS_SORTS = [
  'createdDate',
  'direction',
  'fromNumber',
  'toNumber',
  'clientName',
  'operatorName',
  'officeName',
  'category',
  'reason',
  'status',
] as const;
export type SmsSort = (typeof SMS_SORTS)[number];

const isoDate = z.iso.date({ error: 'Date must be a valid date (yyyy-MM-dd).' });

/** Filter of POST /api/v1/sms/all; dates are calendar days in the caller's zone (query offsetHours). */
export const smsFilterSchema = z
  .object({
    dateFrom: isoDate.optional(),
    dateTo: isoDate.optional(),
    direction: z.enum(SMS_DIRECTIONS).optional(),
    officeId: z.uuid().optional(),
    categoryId: z.uuid().optional(),
    reasonId: z.uuid().optional(),
    status: z.enum(SMS_STATUSES).optional(),
    clientId: z.uuid().optional(),
    inquiryId: z.uuid().optional(),
    /** Matches the body, the client's name or the participant's number (digits). */
    searchKeyword: z.string().trim().max(100).optional(),
  })
  .strict();
export type SmsFilter = z.infer<typeof smsFilterSchema>;

/** POST /api/v1/sms/all?offsetHours=… body. */
export const smsListRequestSchema = listRequestSchema(smsFilterSchema)
  .extend({ sortBy: z.enum(SMS_SORTS, { error: 'Sort By must be an SMS list column.' }).optional() })
  .strict();
export type SmsListRequest = z.infer<typeof smsListRequestSchema>;
export type SmsListRequestInput = z.input<typeof smsListRequestSchema>;
export const smsListQuerySchema = z.object({ offsetHours: offsetHoursSchema }).strict();
export const smsListResponseSchema = listResponseSchema(smsMessageSchema);
export type SmsListResponse = z.infer<typeof smsListResponseSchema>;

/** POST /api/v1/sms/byPhoneNumber?phoneNumber=… (SPEC §7: paged, 5 per page, newest first). */
export const smsByPhoneQuerySchema = z
  .object({ phoneNumber: requiredPhone(SMS_MESSAGES.toNumberRequired, SMS_MESSAGES.toNumberInvalid) })
  .strict();
export const smsByPhoneRequestSchema = z
  .object({
    pageNumber: pageNumberSchema,
    pageSize: z.number().int().min(1).max(100).default(SMS_HISTORY_PAGE_SIZE),
    sortOrder: z.enum(SORT_ORDERS).default('DESC'),
  })
  .strict();
export type SmsByPhoneRequestInput = z.input<typeof smsByPhoneRequestSchema>;
/** The history page and whether the number is opted out now (the drawer shows it before a send is tried). */
export const smsHistoryResponseSchema = listResponseSchema(smsMessageSchema).extend({ optedOut: z.boolean() });
export type SmsHistoryResponse = z.infer<typeof smsHistoryResponseSchema>;

/**
 * PUT /api/v1/sms body (SPEC §7: id, category, operatorId, reason). `category` and `reason` are option ids;
 * a field left out keeps its value. `operatorId` is the assignee chosen when the new category is not
 * Call Center (SPEC §4); that user is notified.
 */
export const updateSmsRequestSchema = z
  .object({
    id: z.uuid(),
    category: uuidOrMessage(SMS_MESSAGES.categoryRequired).optional(),
    reason: uuidOrMessage(SMS_MESSAGES.reasonRequired).optional(),
    operatorId: z.uuid().nullish(),
  })
  .strict();
export type UpdateSmsRequest = z.infer<typeof updateSmsRequestSchema>;

/** GET /api/v1/dropdown/smsOffice: SPEC §3 SMS office number; `label` is the office name. */
export const smsOfficeOptionSchema = z.object({ id: z.uuid(), smsNumber: z.string(), label: z.string() });
export type SmsOfficeOption = z.infer<typeof smsOfficeOptionSchema>;
export const smsOfficeListSchema = z.array(smsOfficeOptionSchema);
