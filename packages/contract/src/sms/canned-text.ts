import { z } from 'zod';
import { smsBodySchema } from './sms.ts';

export const CANNED_TEXT_MESSAGES = {
  notFound: 'Canned text not found.',
  notEditable: 'Only your own canned texts and those of your office can be changed.',
  officeOutOfScope: 'Office is not one of the offices you may share canned texts with.',
  officeUnknown: 'Office not found.',
  userOutOfScope: 'A canned text can only be saved for yourself.',
} as const;

/** SPEC §3 Canned text: a user's own message (userId set) or an office's (userId null). */
export const cannedTextSchema = z.object({
  id: z.uuid(),
  message: z.string(),
  officeId: z.uuid().nullable(),
  userId: z.uuid().nullable(),
});
export type CannedText = z.infer<typeof cannedTextSchema>;
export const cannedTextListSchema = z.array(cannedTextSchema);

/** GET /api/v1/sms/cannedResponses?userId=&officeId=: that user's own texts plus that office's. */
export const cannedTextQuerySchema = z.object({ userId: z.uuid().optional(), officeId: z.uuid().optional() }).strict();

/**
 * POST /api/v1/sms/cannedResponses and PUT …?id= body (SPEC §7: id, message, officeId, userId). The message
 * follows the SMS body rules (SPEC §5: required, max 1600). With a userId it is that user's own text,
 * without one it belongs to the office.
 */
export const cannedTextRequestSchema = z
  .object({
    id: z.uuid().optional(),
    message: smsBodySchema,
    officeId: z.uuid().nullish(),
    userId: z.uuid().nullish(),
  })
  .strict();
export type CannedTextRequestInput = z.input<typeof cannedTextRequestSchema>;
export type CannedTextRequest = z.output<typeof cannedTextRequestSchema>;
export const cannedTextIdQuerySchema = z.object({ id: z.uuid() }).strict();
