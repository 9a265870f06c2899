import { z } from 'zod';
import { digitsOnly } from '../common/text.ts';

/** US numbers are dialed and stored as 10 digits (SPEC §5: stored without punctuation). */
export const PHONE_DIGITS = 10;

/** SPEC §5 click-to-call wording; the rest reads like it. */
export const CLICK_TO_CALL_MESSAGES = {
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Phone number must be a valid phone number.',
  outgoingRequired: 'Outgoing number is required',
  outgoingInvalid: 'Outgoing number must be a valid phone number.',
  outgoingNotOffered: 'Outgoing number is not one of the numbers you may call from.',
  operatorInvalid: 'Operator number must be a valid phone number.',
  operatorNotOwn: 'Operator number must be your own work, mobile or click to call number.',
  operatorMissing:
    'Your click to call number is not set. Set it under Change click to call in the user menu, then call again.',
  targetRequired: 'Client Id or Inquiry Id is required.',
  clientNotOfInquiry: 'Client Id does not belong to the inquiry.',
  collectionAccountUnknown: 'Collection account not found.',
  invalidId: (label: string) => `${label} must be a valid id.`,
  success: 'Call started. Your phone will ring first.',
} as const;

/** A 10-digit number typed with or without the (###) ###-#### punctuation. */
function phoneNumber(required: string, invalid: string) {
  return z
    .string({ error: required })
    .transform(digitsOnly)
    .refine((v) => v !== '', required)
    .refine((v) => v === '' || v.length === PHONE_DIGITS, invalid);
}

const optionalId = (label: string) => z.uuid({ error: CLICK_TO_CALL_MESSAGES.invalidId(label) }).nullish();

/**
 * POST /api/v1/call/click2Call (SPEC §7). SPEC §5: phone number and outgoing number are required.
 * operatorNumber defaults to the caller's own click-to-call number (SPEC §3 User).
 */
export const clickToCallRequestSchema = z
  .object({
    participantNumber: phoneNumber(CLICK_TO_CALL_MESSAGES.phoneRequired, CLICK_TO_CALL_MESSAGES.phoneInvalid),
    outboundCallerId: phoneNumber(CLICK_TO_CALL_MESSAGES.outgoingRequired, CLICK_TO_CALL_MESSAGES.outgoingInvalid),
    operatorNumber: z
      .string({ error: CLICK_TO_CALL_MESSAGES.operatorInvalid })
      .transform(digitsOnly)
      .refine((v) => v === '' || v.length === PHONE_DIGITS, CLICK_TO_CALL_MESSAGES.operatorInvalid)
      .nullish(),
    inquiryId: optionalId('Inquiry Id'),
    clientId: optionalId('Client Id'),
    collectionAccountId: optionalId('Collection Account Id'),
  })
  .strict();
export type ClickToCallRequest = z.output<typeof clickToCallRequestSchema>;
export type ClickToCallRequestInput = z.input<typeof clickToCallRequestSchema>;

/** GET /api/v1/dropdown/smartDial?clientId=&inquiryId= (either one). */
export const smartDialQuerySchema = z
  .object({
    clientId: z.uuid({ error: CLICK_TO_CALL_MESSAGES.invalidId('Client Id') }).optional(),
    inquiryId: z.uuid({ error: CLICK_TO_CALL_MESSAGES.invalidId('Inquiry Id') }).optional(),
  })
  .strict()
  .refine((q) => q.clientId !== undefined || q.inquiryId !== undefined, {
    message: CLICK_TO_CALL_MESSAGES.targetRequired,
    path: ['clientId'],
  });
export type SmartDialQuery = z.infer<typeof smartDialQuerySchema>;

/** One number the operator may dial for the current client or inquiry, labelled by the field it came from. */
export const smartDialOptionSchema = z.object({
  phoneNumber: z.string(),
  /** 'Primary Number', 'Mobile Number', 'Home Number', 'Secondary Number'. */
  label: z.string(),
  clientId: z.uuid(),
  clientName: z.string(),
});
export type SmartDialOption = z.infer<typeof smartDialOptionSchema>;
export const smartDialOptionListSchema = z.array(smartDialOptionSchema);

/** GET /api/v1/dropdown/outgoingCallNumbers (SPEC §7: id, outboundCallerId, name); only 10-digit ids (SPEC §5). */
export const outgoingCallNumberSchema = z.object({
  id: z.uuid(),
  outboundCallerId: z.string(),
  name: z.string(),
});
export type OutgoingCallNumber = z.infer<typeof outgoingCallNumberSchema>;
export const outgoingCallNumberListSchema = z.array(outgoingCallNumberSchema);

/** Only exactly-10-digit caller ids can be offered (SPEC §5). */
export function isOfferableCallerId(value: string | null | undefined): boolean {
  return typeof value === 'string' && /^[0-9]{10}$/.test(value);
}

const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;

/**
 * POST /api/v1/call/incoming: a telephony integration (a PBX) that reports its inbound calls itself.
 * callSid makes a repeated report a no-op; startTime defaults to now.
 */
export const incomingCallRequestSchema = z
  .object({
    callerId: phoneNumber('Caller Id is required', 'Caller Id must be a valid phone number.'),
    numberDialed: phoneNumber('Number Dialed is required', 'Number Dialed must be a valid phone number.'),
    callSid: z
      .string({ error: 'Call Sid must be text.' })
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Call Sid must be 1 to 64 letters, digits, - or _.')
      .optional(),
    startTime: z.iso
      .datetime({ offset: true, error: 'Start Time must be a valid date.' })
      .refine((v) => new Date(v).getTime() <= Date.now() + FUTURE_TOLERANCE_MS, 'Start Time cannot be future date.')
      .optional(),
  })
  .strict();
export type IncomingCallRequest = z.output<typeof incomingCallRequestSchema>;
