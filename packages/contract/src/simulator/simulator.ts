import { z } from 'zod';
import { phoneField } from '../common/field-rules.ts';

/**
 * The local phone simulator (DESIGN §1): injects what Twilio would post — an inbound text, an
 * inbound call, a delivery status — through the same signed webhooks. Local mode only.
 */

/** GET /api/v1/simulator: whether the simulator runs (local provider) or Twilio is configured. */
export const simulatorStateSchema = z.object({
  enabled: z.boolean(),
  /** Whether sent texts get simulated 'sent' and 'delivered' callbacks (SIMULATOR_AUTO_STATUS). */
  autoStatus: z.boolean(),
  /** Outbound texts to a number ending in this fail (ErrorCode 30003), for demos of a failed send. */
  failingNumberSuffix: z.string(),
});
export type SimulatorState = z.infer<typeof simulatorStateSchema>;

/** Twilio's largest message: 10 segments. */
export const SIMULATED_SMS_MAX_LENGTH = 1600;

/** POST /api/v1/simulator/sms: a text from a member of the public to one of our numbers. */
export const simulatedSmsSchema = z.object({
  from: phoneField('from', { required: true, label: 'From' }),
  to: phoneField('to', { required: true, label: 'To' }),
  body: z
    .string()
    .refine((v) => v.trim() !== '', 'Message is required field')
    .refine((v) => v.length <= SIMULATED_SMS_MAX_LENGTH, 'Message should be max 1600 characters'),
});
export type SimulatedSmsInput = z.input<typeof simulatedSmsSchema>;
export type SimulatedSms = z.output<typeof simulatedSmsSchema>;

export const simulatedSmsResultSchema = z.object({ messageSid: z.string() });
export type SimulatedSmsResult = z.infer<typeof simulatedSmsResultSchema>;

/** A day; a longer talk time is a typo. */
export const SIMULATED_CALL_MAX_SECONDS = 86_400;

/** POST /api/v1/simulator/call: an inbound call to a tracking number (DNIS); with a duration it also ends. */
export const simulatedCallSchema = z.object({
  from: phoneField('from', { required: true, label: 'From' }),
  to: phoneField('to', { required: true, label: 'To' }),
  durationSeconds: z
    .number('Duration must be a number of seconds.')
    .int('Duration must be a whole number of seconds.')
    .min(0, 'Duration must be 0 or more.')
    .max(SIMULATED_CALL_MAX_SECONDS, 'Duration must be at most 86400 seconds.')
    .optional(),
});
export type SimulatedCallInput = z.input<typeof simulatedCallSchema>;
export type SimulatedCall = z.output<typeof simulatedCallSchema>;

export const simulatedCallResultSchema = z.object({ callSid: z.string() });
export type SimulatedCallResult = z.infer<typeof simulatedCallResultSchema>;

/** Twilio's MessageStatus values a status callback may carry. */
export const SIMULATED_SMS_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed'] as const;
export type SimulatedSmsStatus = (typeof SIMULATED_SMS_STATUSES)[number];

/** POST /api/v1/simulator/status: a delivery callback for an outbound message. */
export const simulatedStatusSchema = z.object({
  messageSid: z
    .string()
    .trim()
    .regex(/^(SM|MM)[0-9a-fA-F]{32}$/, 'Message SID must be SM followed by 32 hexadecimal digits.'),
  status: z.enum(SIMULATED_SMS_STATUSES, 'Status is a required field.'),
  /** Twilio's error code of a failed or undelivered message, e.g. 30003; empty means none. */
  errorCode: z
    .string()
    .trim()
    .regex(/^(\d{5})?$/, 'Error code must be five digits.')
    .optional(),
});
export type SimulatedStatusInput = z.input<typeof simulatedStatusSchema>;
export type SimulatedStatus = z.output<typeof simulatedStatusSchema>;

export const simulatedStatusResultSchema = z.object({ messageSid: z.string(), status: z.enum(SIMULATED_SMS_STATUSES) });
export type SimulatedStatusResult = z.infer<typeof simulatedStatusResultSchema>;
