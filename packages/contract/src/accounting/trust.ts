import { z } from 'zod';
import { isoDateSchema } from '../common/dates.ts';
import { formatMoney } from '../common/money.ts';
import { listRequestSchema, listResponseSchema } from '../common/paging.ts';
import { MAX_PAYMENT_CENTS } from './payment.ts';
import { RECON_MESSAGES, RECON_NOTE_MAX, monthSchema } from './reconciliation.ts';

/**
 * Client trust money (IOLTA, docs/accounting.md): money held for a client matter in the office's trust account.
 * Each matter's ledger is append-only and its balance never goes below zero (the database refuses it).
 */
export const TRUST_ENTRY_KINDS = ['DEPOSIT', 'DEPOSIT_REVERSAL', 'DISBURSEMENT', 'DISBURSEMENT_REVERSAL'] as const;
export type TrustEntryKind = (typeof TRUST_ENTRY_KINDS)[number];
export const TRUST_ENTRY_KIND_LABELS: Record<TrustEntryKind, string> = {
  DEPOSIT: 'Deposit',
  DEPOSIT_REVERSAL: 'Deposit reversed',
  DISBURSEMENT: 'Disbursement',
  DISBURSEMENT_REVERSAL: 'Disbursement reversed',
};

export const TRUST_TEXT_MAX = 200;

export const TRUST_MESSAGES = {
  amount: 'Amount must be an amount in dollars and cents, more than 0.',
  tooLarge: 'An entry can be at most $10,000,000.00.',
  payee: 'Payee is a required field.',
  payeeLength: `Payee must be ${TRUST_TEXT_MAX} characters or less.`,
  purpose: 'Purpose is a required field.',
  purposeLength: `Purpose must be ${TRUST_TEXT_MAX} characters or less.`,
  future: 'Date cannot be in the future.',
  statement: 'Statement balance must be an amount in dollars and cents.',
  belowZero: (held: number, amount: number, what = 'a disbursement') =>
    `This matter holds ${formatMoney(held)} in trust; ${what} of ${formatMoney(amount)} would take it below zero.`,
  notDisbursement: 'Only a disbursement can be reversed here; a deposit is reversed with its payment.',
  alreadyReversed: 'This disbursement is already reversed.',
  monthSigned: 'The trust account is reconciled for this month. Enter the correction in an open month.',
  notAgreeing: (bankMinusBook: string, ledgersMinusBook: string) =>
    `The three balances do not agree (bank − book ${bankMinusBook}, client ledgers − book ${ledgersMinusBook}). ` +
    'Find the difference first.',
  alreadySigned: 'This month is already signed.',
  notSigned: 'This month is not signed.',
  futureMonth: 'The month has not ended yet.',
} as const;

const text = (required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(TRUST_TEXT_MAX, tooLong);

/** POST /api/v1/trust/disbursement: money paid out of a matter's trust balance. */
export const disbursementWriteSchema = z
  .object({
    officeId: z.uuid(),
    inquiryId: z.uuid(),
    amountCents: z
      .number({ error: TRUST_MESSAGES.amount })
      .int(TRUST_MESSAGES.amount)
      .min(1, TRUST_MESSAGES.amount)
      .max(MAX_PAYMENT_CENTS, TRUST_MESSAGES.tooLarge),
    payee: text(TRUST_MESSAGES.payee, TRUST_MESSAGES.payeeLength),
    purpose: text(TRUST_MESSAGES.purpose, TRUST_MESSAGES.purposeLength),
    /** The office day it counts for; the office's today when left out. */
    entryDate: isoDateSchema('Date').optional(),
  })
  .strict();
export type DisbursementWrite = z.infer<typeof disbursementWriteSchema>;
export type DisbursementWriteInput = z.input<typeof disbursementWriteSchema>;

/** POST /api/v1/trust/reverseDisbursement: the opposite entry, linked; the disbursement stays. */
export const reverseDisbursementSchema = z
  .object({
    id: z.uuid(),
    reason: z.string({ error: RECON_MESSAGES.reason }).trim().min(1, RECON_MESSAGES.reason).max(500),
    entryDate: isoDateSchema('Date').optional(),
  })
  .strict();
export type ReverseDisbursement = z.infer<typeof reverseDisbursementSchema>;

export const trustEntrySchema = z.object({
  id: z.uuid(),
  officeId: z.uuid(),
  inquiryId: z.uuid(),
  kind: z.enum(TRUST_ENTRY_KINDS),
  amountCents: z.number().int(),
  /** The matter's balance in this office after the entry (entries in date, then entry order). */
  balanceCents: z.number().int(),
  payee: z.string().nullable(),
  purpose: z.string().nullable(),
  reason: z.string().nullable(),
  entryDate: z.string(),
  enteredBy: z.string().nullable(),
  enteredAt: z.string(),
  paymentId: z.uuid().nullable(),
  reversesId: z.uuid().nullable(),
  reversedById: z.uuid().nullable(),
});
export type TrustEntry = z.infer<typeof trustEntrySchema>;

export const trustLedgerParamsSchema = z.object({ inquiryId: z.uuid() }).strict();

/** GET /api/v1/trust/ledger/:inquiryId: a matter's entries (oldest first) with the running balance. */
export const trustLedgerSchema = z.object({
  inquiryId: z.uuid(),
  clientId: z.uuid(),
  client: z.string(),
  matter: z.string().nullable(),
  entries: z.array(trustEntrySchema),
});
export type TrustLedger = z.infer<typeof trustLedgerSchema>;

export const trustLedgersFilterSchema = z
  .object({ officeId: z.uuid().optional(), clientId: z.uuid().optional() })
  .strict();
export const TRUST_LEDGER_SORTS = ['office', 'client', 'balance', 'lastEntryAt'] as const;

/** POST /api/v1/trust/ledgers: the matters with trust money, each with its balance per office. */
export const trustLedgersRequestSchema = listRequestSchema(trustLedgersFilterSchema)
  .extend({ sortBy: z.enum(TRUST_LEDGER_SORTS).optional() })
  .strict();
export type TrustLedgersRequest = z.infer<typeof trustLedgersRequestSchema>;
export type TrustLedgersRequestInput = z.input<typeof trustLedgersRequestSchema>;

export const trustLedgerRowSchema = z.object({
  officeId: z.uuid(),
  office: z.string(),
  inquiryId: z.uuid(),
  matter: z.string().nullable(),
  clientId: z.uuid(),
  client: z.string(),
  balanceCents: z.number().int(),
  lastEntryAt: z.string().nullable(),
});
export type TrustLedgerRow = z.infer<typeof trustLedgerRowSchema>;
export const trustLedgersResponseSchema = listResponseSchema(trustLedgerRowSchema);

/** POST /api/v1/trust/threeWay: the month's three balances for an office, with the bank's typed in. */
export const threeWayRequestSchema = z
  .object({
    officeId: z.uuid(),
    month: monthSchema,
    statementBalanceCents: z
      .number({ error: TRUST_MESSAGES.statement })
      .int(TRUST_MESSAGES.statement)
      .min(-Number.MAX_SAFE_INTEGER, TRUST_MESSAGES.statement)
      .max(Number.MAX_SAFE_INTEGER, TRUST_MESSAGES.statement)
      .optional(),
  })
  .strict();
export type ThreeWayRequest = z.infer<typeof threeWayRequestSchema>;

export const signThreeWaySchema = threeWayRequestSchema
  .extend({
    statementBalanceCents: threeWayRequestSchema.shape.statementBalanceCents.unwrap(),
    note: z
      .string()
      .trim()
      .max(RECON_NOTE_MAX, RECON_MESSAGES.noteLength)
      .nullish()
      .transform((v) => v || null),
  })
  .strict();
export type SignThreeWay = z.infer<typeof signThreeWaySchema>;

export const reopenThreeWaySchema = z
  .object({
    officeId: z.uuid(),
    month: monthSchema,
    reason: z
      .string({ error: RECON_MESSAGES.reason })
      .trim()
      .min(1, RECON_MESSAGES.reason)
      .max(RECON_NOTE_MAX, RECON_MESSAGES.reasonLength),
  })
  .strict();
export type ReopenThreeWay = z.infer<typeof reopenThreeWaySchema>;

/**
 * A matter whose ledger does not hold: its stored balance disagrees with the sum of its entries, or its balance
 * at the month's end is below zero.
 */
export const differingLedgerSchema = z.object({
  inquiryId: z.uuid(),
  clientId: z.uuid().nullable(),
  client: z.string().nullable(),
  /** The matter's balance at the month's end from its stored running balance. */
  ledgerCents: z.number().int(),
  /** The same from its entries. */
  entriesCents: z.number().int(),
  differenceCents: z.number().int(),
});
export type DifferingLedger = z.infer<typeof differingLedgerSchema>;

export const THREE_WAY_STATUSES = ['SIGNED', 'REOPENED'] as const;
export const threeWayVersionSchema = z.object({
  version: z.number().int(),
  status: z.enum(THREE_WAY_STATUSES),
  statementCents: z.number().int(),
  bookCents: z.number().int(),
  ledgersCents: z.number().int(),
  note: z.string().nullable(),
  by: z.string().nullable(),
  at: z.string(),
});
export type ThreeWayVersion = z.infer<typeof threeWayVersionSchema>;

export const threeWaySchema = z.object({
  officeId: z.uuid(),
  month: z.string(),
  /** The last day counted (the month's end). */
  through: z.string(),
  statementCents: z.number().int().nullable(),
  bookCents: z.number().int(),
  ledgersCents: z.number().int(),
  /** bank − book; null until the statement balance is typed. */
  bankMinusBookCents: z.number().int().nullable(),
  ledgersMinusBookCents: z.number().int(),
  agrees: z.boolean(),
  signed: z.boolean(),
  differingLedgers: z.array(differingLedgerSchema),
  versions: z.array(threeWayVersionSchema),
});
export type ThreeWay = z.infer<typeof threeWaySchema>;
