import { z } from 'zod';
import { digitsOnly } from '../common/text.ts';
import { smsMessageSchema } from './sms.ts';

/** SPEC §2 chat options, in the spec's order and words. */
export const CHAT_OPTIONS = [
  { value: 'SEND_REVIEW', label: 'Send Review', channel: 'MAIL', purpose: 'REVIEW_MAIL' },
  { value: 'SEND_REVIEW_TEXT', label: 'Send Review via text', channel: 'TEXT', purpose: 'REVIEW_TEXT' },
  { value: 'SEND_WELCOME_TEXT', label: 'Send welcome text', channel: 'TEXT', purpose: 'WELCOME_TEXT' },
  {
    value: 'SEND_MEETING_INSTRUCTIONS',
    label: 'Send meeting instructions',
    channel: 'TEXT',
    purpose: 'MEETING_INSTRUCTIONS',
  },
] as const;
export type ChatOption = (typeof CHAT_OPTIONS)[number]['value'];
export const CHAT_OPTION_VALUES = CHAT_OPTIONS.map((o) => o.value) as [ChatOption, ...ChatOption[]];

export const CHAT_OPTION_MESSAGES = {
  option: `Option must be one of ${CHAT_OPTION_VALUES.join(', ')}.`,
  // SPEC §5: the tooltip wording for a client whose auto-text is off.
  autoTextDisabled: 'Client has auto-text disabled. Please enable to modify',
  noEmail: 'Client has no email address: add one to send the review by mail.',
  noPhone: 'Client has no phone number to text.',
  templateMissing: 'The template for this option has not been set up.',
  noOffice: 'No office you may text from.',
  noCategory: 'No SMS category you may text in.',
  mailSent: 'Review has been sent by mail.',
} as const;

/**
 * POST /api/v1/sms/chatOption: sends the seeded template of the option to the client. `fromNumber` is the
 * office number texts go from (default: the client's office if the caller may text from it, else the
 * caller's first one); category and reason default from the option.
 */
export const chatOptionRequestSchema = z
  .object({
    option: z.enum(CHAT_OPTION_VALUES, { error: CHAT_OPTION_MESSAGES.option }),
    clientId: z.uuid(),
    inquiryId: z.uuid().nullish(),
    fromNumber: z
      .string()
      .transform((v) => digitsOnly(v))
      .nullish(),
    categoryId: z.uuid().nullish(),
    reasonId: z.uuid().nullish(),
  })
  .strict();
export type ChatOptionRequestInput = z.input<typeof chatOptionRequestSchema>;
export type ChatOptionRequest = z.output<typeof chatOptionRequestSchema>;

/** What was sent: the stored text (texts) or the outbox id (mail). */
export const chatOptionResponseSchema = z.object({
  option: z.enum(CHAT_OPTION_VALUES),
  channel: z.enum(['TEXT', 'MAIL']),
  message: smsMessageSchema.nullable(),
  mailId: z.uuid().nullable(),
});
export type ChatOptionResponse = z.infer<typeof chatOptionResponseSchema>;
