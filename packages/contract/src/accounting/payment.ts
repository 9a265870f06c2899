import { z } from 'zod';
import { isoDateSchema } from '../common/dates.ts';
import { listRequestSchema, listResponseSchema } from '../common/paging.ts';

/**
 * A payment (cash-flow entry): money received for a client's matter, entered at the office that took it
 * ("office entered") or by accounting. Amounts are integer cents; nothing is ever deleted: a reversal is a
 * second entry with the opposite amounts, linked to the original (docs/accounting.md).
 */
export const PAYMENT_TYPES = ['CASH', 'CHECK', 'MONEY_ORDER', 'CARD', 'ACH', 'WIRE'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  CASH: 'Cash',
  CHECK: 'Check',
  MONEY_ORDER: 'Money order',
  CARD: 'Card',
  ACH: 'ACH',
  WIRE: 'Wire',
};

/**
 * The bank account the money went into: the firm's operating account, or the client trust account (IOLTA),
 * whose money belongs to the client until disbursed (docs/accounting.md, Client trust money).
 */
export const PAYMENT_ACCOUNTS = ['OPERATING', 'TRUST'] as const;
export type PaymentAccount = (typeof PAYMENT_ACCOUNTS)[number];
export const PAYMENT_ACCOUNT_LABELS: Record<PaymentAccount, string> = { OPERATING: 'Operating', TRUST: 'Trust' };

/** One entry's amount at most: $10,000,000.00, far beyond any fee, far below a safe integer when summed. */
export const MAX_PAYMENT_CENTS = 1_000_000_000;
export const RECEIPT_NUMBER_MAX = 2_147_483_647;
export const REVERSAL_REASON_MAX = 500;

/** SPEC §2 cash-flow headers, in order, word for word. */
export const CASH_FLOW_COLUMNS = [
  { id: 'officeEntered', header: 'office entered' },
  { id: 'office', header: 'office' },
  { id: 'client', header: 'client' },
  { id: 'lmsClientNumber', header: 'LMS client number' },
  { id: 'matter', header: 'matter' },
  { id: 'lawType', header: 'law type' },
  { id: 'paymentType', header: 'payment type' },
  { id: 'fees', header: 'fees' },
  { id: 'cost', header: 'cost' },
  { id: 'receiptNum', header: 'receipt num' },
  { id: 'enteredBy', header: 'entered by' },
  { id: 'time', header: 'time' },
] as const;
export type CashFlowColumnId = (typeof CASH_FLOW_COLUMNS)[number]['id'];
export const CASH_FLOW_SORTS = CASH_FLOW_COLUMNS.map((c) => c.id) as [CashFlowColumnId, ...CashFlowColumnId[]];

/** Our wording: SPEC §5 gives the rule (decimal inputs as cents with two decimals), not these texts. */
export const PAYMENT_MESSAGES = {
  office: 'Office is a required field.',
  client: 'Client is a required field.',
  paymentType: `Payment Type must be one of ${PAYMENT_TYPES.map((t) => PAYMENT_TYPE_LABELS[t]).join(', ')}.`,
  fees: 'Fees must be an amount in dollars and cents, 0 or more.',
  cost: 'Cost must be an amount in dollars and cents, 0 or more.',
  nothing: 'Fees and cost cannot both be 0.',
  tooLarge: 'An entry can be at most $10,000,000.00.',
  receiptNumber: 'Receipt Num must be a whole number from 1.',
  receiptTaken: 'This receipt number is already used in this office. Leave it blank to get the next one.',
  paymentDate: 'Payment Date must be a date (yyyy-MM-dd).',
  future: 'Payment Date cannot be in the future.',
  reason: 'Reason is a required field.',
  reasonLength: `Reason must be ${REVERSAL_REASON_MAX} characters or less.`,
  dayReconciled: 'This day is reconciled for the office. Enter the correction on an open day.',
  alreadyReversed: 'This payment is already reversed.',
  reversalOfReversal: 'A reversal cannot be reversed. Enter the payment again instead.',
  matterOfOtherClient: 'The matter belongs to another client.',
  lawType: 'Law Type must be one of the law types.',
  inactiveOffice: 'This office is inactive and takes no new payments.',
  sortBy: 'Sort By must be a cash-flow column.',
  dateRange: 'Date To cannot be before Date From.',
  account: 'Account must be one of Operating, Trust.',
  trustNeedsMatter: 'A trust payment needs a matter: trust money is held for one client matter.',
} as const;

const cents = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(MAX_PAYMENT_CENTS, PAYMENT_MESSAGES.tooLarge);

/** POST /api/v1/cashFlow/payment: a new entry. A blank receipt number takes the office's next one. */
export const paymentWriteSchema = z
  .object({
    officeId: z.uuid({ error: PAYMENT_MESSAGES.office }),
    clientId: z.uuid({ error: PAYMENT_MESSAGES.client }),
    inquiryId: z
      .uuid()
      .nullish()
      .transform((v) => v ?? null),
    lawTypeId: z
      .uuid()
      .nullish()
      .transform((v) => v ?? null),
    paymentType: z.enum(PAYMENT_TYPES, { error: PAYMENT_MESSAGES.paymentType }),
    feesCents: cents(PAYMENT_MESSAGES.fees),
    costCents: cents(PAYMENT_MESSAGES.cost),
    receiptNumber: z
      .number({ error: PAYMENT_MESSAGES.receiptNumber })
      .int(PAYMENT_MESSAGES.receiptNumber)
      .min(1, PAYMENT_MESSAGES.receiptNumber)
      .max(RECEIPT_NUMBER_MAX, PAYMENT_MESSAGES.receiptNumber)
      .nullish()
      .transform((v) => v ?? null),
    /** The day the money counts for, in the office's time zone. */
    paymentDate: isoDateSchema('Payment Date'),
    officeEntered: z.boolean().default(false),
    account: z.enum(PAYMENT_ACCOUNTS, { error: PAYMENT_MESSAGES.account }).default('OPERATING'),
    /** The collection account the money pays down: one of the client's, readable by the caller. */
    collectionAccountId: z.uuid().nullish(),
    note: z
      .string()
      .trim()
      .max(500, 'Note must be 500 characters or less.')
      .nullish()
      .transform((v) => v || null),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.feesCents === 0 && value.costCents === 0) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.nothing, path: ['feesCents'] });
    }
    if (value.account === 'TRUST' && !value.inquiryId) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.trustNeedsMatter, path: ['inquiryId'] });
    }
  });
export type PaymentWrite = z.infer<typeof paymentWriteSchema>;
export type PaymentWriteInput = z.input<typeof paymentWriteSchema>;

/** POST /api/v1/cashFlow/deletePayment: records a reversal; the payment itself stays. */
export const reversePaymentSchema = z
  .object({
    id: z.uuid(),
    reason: z
      .string({ error: PAYMENT_MESSAGES.reason })
      .trim()
      .min(1, PAYMENT_MESSAGES.reason)
      .max(REVERSAL_REASON_MAX, PAYMENT_MESSAGES.reasonLength),
    /** The open day the reversal counts for; today at the office when left out. */
    reversalDate: isoDateSchema('Reversal Date').optional(),
  })
  .strict();
export type ReversePayment = z.infer<typeof reversePaymentSchema>;

export const cashFlowFilterSchema = z
  .object({
    officeId: z.uuid().optional(),
    dateFrom: isoDateSchema('Date From').optional(),
    dateTo: isoDateSchema('Date To').optional(),
    paymentType: z.enum(PAYMENT_TYPES, { error: PAYMENT_MESSAGES.paymentType }).optional(),
    lawTypeId: z.uuid().optional(),
    enteredById: z.uuid().optional(),
    clientId: z.uuid().optional(),
    officeEntered: z.boolean().optional(),
    /** Reversed entries and their reversals are hidden unless this is on. */
    showReversed: z.boolean().optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.dateFrom && value.dateTo && value.dateTo < value.dateFrom) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.dateRange, path: ['dateTo'] });
    }
  });
export type CashFlowFilter = z.infer<typeof cashFlowFilterSchema>;

export const cashFlowListRequestSchema = listRequestSchema(cashFlowFilterSchema)
  .extend({ sortBy: z.enum(CASH_FLOW_SORTS, { error: PAYMENT_MESSAGES.sortBy }).optional() })
  .strict();
export type CashFlowListRequest = z.infer<typeof cashFlowListRequestSchema>;
export type CashFlowListRequestInput = z.input<typeof cashFlowListRequestSchema>;

export const CASH_FLOW_EXPORT_FORMATS = ['csv', 'xlsx'] as const;

/** POST /api/v1/cashFlow/export: the list of the current filter and sort, every row, as CSV or XLSX. */
export const cashFlowExportRequestSchema = cashFlowListRequestSchema
  .extend({ format: z.enum(CASH_FLOW_EXPORT_FORMATS, { error: 'Format must be one of csv, xlsx.' }).default('csv') })
  .strict();
export type CashFlowExportRequest = z.infer<typeof cashFlowExportRequestSchema>;
export type CashFlowExportRequestInput = z.input<typeof cashFlowExportRequestSchema>;

/** POST /api/v1/cashFlow/totals: the same filter as the list, no paging. */
export const cashFlowTotalsRequestSchema = z.object({ filter: cashFlowFilterSchema.optional() }).strict();
export type CashFlowTotalsRequest = z.infer<typeof cashFlowTotalsRequestSchema>;

/** One row of the cash-flow list: the SPEC §2 headers, the ids behind them and the reversal links. */
export const cashFlowRowSchema = z.object({
  id: z.uuid(),
  officeEntered: z.boolean(),
  officeId: z.uuid(),
  office: z.string(),
  clientId: z.uuid(),
  client: z.string(),
  lmsClientNumber: z.string().nullable(),
  inquiryId: z.uuid().nullable(),
  matter: z.string().nullable(),
  lawTypeId: z.uuid().nullable(),
  lawType: z.string().nullable(),
  paymentType: z.enum(PAYMENT_TYPES),
  account: z.enum(PAYMENT_ACCOUNTS),
  feesCents: z.number().int(),
  costCents: z.number().int(),
  receiptNumber: z.number().int().nullable(),
  enteredById: z.uuid().nullable(),
  enteredBy: z.string().nullable(),
  /** When it was entered (an instant); paymentDate is the office day it counts for. */
  time: z.string(),
  paymentDate: z.string(),
  /** On a reversal: the entry it reverses. */
  reversesId: z.uuid().nullable(),
  /** On a reversed entry: its reversal. */
  reversedById: z.uuid().nullable(),
});
export type CashFlowRow = z.infer<typeof cashFlowRowSchema>;
export const cashFlowListResponseSchema = listResponseSchema(cashFlowRowSchema);

export const cashFlowTotalsSchema = z.object({
  count: z.number().int(),
  feesCents: z.number().int(),
  costCents: z.number().int(),
  totalCents: z.number().int(),
});
export type CashFlowTotals = z.infer<typeof cashFlowTotalsSchema>;

export const paymentIdParamsSchema = z.object({ paymentId: z.uuid() }).strict();

/** GET /api/v1/payment/:paymentId: every field, with the reversal and the reason. */
export const paymentDetailSchema = cashFlowRowSchema.extend({
  /** Fees plus cost, added in SQL from the same row (docs/accounting.md: nothing adds up figures in the browser). */
  totalCents: z.number().int(),
  note: z.string().nullable(),
  reason: z.string().nullable(),
  reversal: cashFlowRowSchema.extend({ reason: z.string().nullable() }).nullable(),
  /** The collection account the payment pays down (a reversal carries its original's); the server always sends it. */
  collectionAccountId: z.uuid().nullable().optional(),
  collectionAccountNumber: z.number().int().nullable().optional(),
});
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;
