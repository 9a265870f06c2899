import { z } from 'zod';
import { isoDateSchema } from '../common/dates.ts';

/**
 * The promise-kept rate of payment plans (docs/collections-payment-plans.md): of the instalments due in a range of
 * days whose grace has passed (paused ones excused), the share paid in full by their due date plus the grace.
 * Per office (the account's) and per collector (the account's collector now).
 */
export const PROMISE_KEPT_MESSAGES = {
  range: 'To cannot be before From.',
} as const;

export const promiseKeptRequestSchema = z
  .object({
    /** Narrows to these offices, within the caller's ALL_ACCOUNTS READ offices. */
    officeIds: z.array(z.uuid()).max(100).optional(),
    collectorId: z.uuid().optional(),
    /** Due dates from … to, inclusive. */
    from: isoDateSchema('From'),
    to: isoDateSchema('To'),
  })
  .strict()
  .refine((v) => v.to >= v.from, { message: PROMISE_KEPT_MESSAGES.range, path: ['to'] });
export type PromiseKeptRequest = z.infer<typeof promiseKeptRequestSchema>;

const countsSchema = z.object({
  /** Instalments due in the range whose grace has passed. */
  due: z.number().int(),
  /** Of those, paid in full by due date + grace. */
  kept: z.number().int(),
  /** kept ÷ due, null when nothing was due. */
  rate: z.number().nullable(),
});
export type PromiseKeptCounts = z.infer<typeof countsSchema>;

export const promiseKeptRatesSchema = z.object({
  from: z.string(),
  to: z.string(),
  total: countsSchema,
  byOffice: z.array(countsSchema.extend({ officeId: z.uuid(), office: z.string() })),
  byCollector: z.array(countsSchema.extend({ collectorId: z.uuid().nullable(), collector: z.string().nullable() })),
});
export type PromiseKeptRates = z.infer<typeof promiseKeptRatesSchema>;
