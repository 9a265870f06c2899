import { z } from 'zod';
import { isoDateSchema } from '../common/dates.ts';
import { PAYMENT_TYPES, cashFlowFilterSchema, cashFlowTotalsSchema } from './payment.ts';

/**
 * Reconciliation (docs/accounting.md): accounting checks, office by office and day by day, that what the office
 * entered plus what accounting posted for it equals what the bank deposited. A reconciled day is locked; reopening
 * it makes a new version and keeps the signed one.
 */
export const RECON_NOTE_MAX = 500;
export const DEPOSIT_REFERENCE_MAX = 100;

export const RECON_MESSAGES = {
  month: 'Month must be a month (yyyy-MM).',
  unbalanced: (difference: string) =>
    `The day does not balance (difference ${difference}). Correct the entries or the deposits first.`,
  alreadyReconciled: 'This day is already reconciled.',
  notReconciled: 'This day is not reconciled.',
  reason: 'Reason is a required field.',
  reasonLength: `Reason must be ${RECON_NOTE_MAX} characters or less.`,
  noteLength: `Note must be ${RECON_NOTE_MAX} characters or less.`,
  future: 'The day cannot be in the future.',
  amount: 'Amount must be an amount in dollars and cents other than 0.',
  reference: 'Reference is a required field.',
  referenceLength: `Reference must be ${DEPOSIT_REFERENCE_MAX} characters or less.`,
} as const;

export const monthSchema = z
  .string({ error: RECON_MESSAGES.month })
  .regex(/^(19|[2-9]\d)\d{2}-(0[1-9]|1[0-2])$/, RECON_MESSAGES.month);

/** POST /api/v1/cashFlow/reconTable and reconTotal: one month, every office the caller reaches or one. */
export const reconRequestSchema = z
  .object({
    month: monthSchema,
    officeId: z.uuid().optional(),
  })
  .strict();
export type ReconRequest = z.infer<typeof reconRequestSchema>;

export const RECON_STATUSES = ['OPEN', 'RECONCILED', 'REOPENED'] as const;
export type ReconStatus = (typeof RECON_STATUSES)[number];

/** One office day: what came in three ways, the difference (deposits − office − accounting) and its status. */
export const reconRowSchema = z.object({
  officeId: z.uuid(),
  office: z.string(),
  day: z.string(),
  officeEnteredCents: z.number().int(),
  accountingCents: z.number().int(),
  depositCents: z.number().int(),
  differenceCents: z.number().int(),
  status: z.enum(RECON_STATUSES),
  version: z.number().int().nullable(),
  reconciledBy: z.string().nullable(),
  reconciledAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type ReconRow = z.infer<typeof reconRowSchema>;
export const reconTableSchema = z.object({ items: z.array(reconRowSchema) });

export const reconTotalSchema = z.object({
  officeEnteredCents: z.number().int(),
  accountingCents: z.number().int(),
  depositCents: z.number().int(),
  differenceCents: z.number().int(),
  days: z.number().int(),
  reconciledDays: z.number().int(),
  daysWithDifference: z.number().int(),
});
export type ReconTotal = z.infer<typeof reconTotalSchema>;

const reason = (label: 'Reason' | 'Note', required: boolean) => {
  const tooLong = label === 'Reason' ? RECON_MESSAGES.reasonLength : RECON_MESSAGES.noteLength;
  const text = z.string({ error: RECON_MESSAGES.reason }).trim().max(RECON_NOTE_MAX, tooLong);
  return required ? text.min(1, RECON_MESSAGES.reason) : text.nullish().transform((v) => v || null);
};

/** POST /api/v1/cashFlow/reconcile: signs one office day as agreeing (refused unless it balances). */
export const reconcileDaySchema = z
  .object({ officeId: z.uuid(), day: isoDateSchema('Day'), note: reason('Note', false) })
  .strict();
export type ReconcileDay = z.infer<typeof reconcileDaySchema>;

/** POST /api/v1/cashFlow/reopenRecon: opens a reconciled day again, with the reason; the signed version stays. */
export const reopenDaySchema = z
  .object({ officeId: z.uuid(), day: isoDateSchema('Day'), reason: reason('Reason', true) })
  .strict();
export type ReopenDay = z.infer<typeof reopenDaySchema>;

/** POST /api/v1/cashFlow/deposit: a bank deposit of an office day (negative to correct an earlier one). */
export const depositWriteSchema = z
  .object({
    officeId: z.uuid(),
    depositDate: isoDateSchema('Deposit Date'),
    amountCents: z
      .number({ error: RECON_MESSAGES.amount })
      .int(RECON_MESSAGES.amount)
      .min(-1_000_000_000, RECON_MESSAGES.amount)
      .max(1_000_000_000, RECON_MESSAGES.amount)
      .refine((v) => v !== 0, RECON_MESSAGES.amount),
    reference: z
      .string({ error: RECON_MESSAGES.reference })
      .trim()
      .min(1, RECON_MESSAGES.reference)
      .max(DEPOSIT_REFERENCE_MAX, RECON_MESSAGES.referenceLength),
  })
  .strict();
export type DepositWrite = z.infer<typeof depositWriteSchema>;

export const depositSchema = depositWriteSchema.extend({
  id: z.uuid(),
  enteredBy: z.string().nullable(),
  enteredAt: z.string(),
});
export type Deposit = z.infer<typeof depositSchema>;

/** POST /api/v1/cashFlow/officeEnteredTotal: the day's (or range's) office-entered totals by payment type. */
export const officeEnteredTotalRequestSchema = z.object({ filter: cashFlowFilterSchema.optional() }).strict();
export const officeEnteredTotalSchema = z.object({
  byPaymentType: z.array(cashFlowTotalsSchema.extend({ paymentType: z.enum(PAYMENT_TYPES) })),
  total: cashFlowTotalsSchema,
});
export type OfficeEnteredTotal = z.infer<typeof officeEnteredTotalSchema>;
