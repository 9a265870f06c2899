import { z } from 'zod';
import {
  PAYMENT_ACCOUNTS,
  PAYMENT_MESSAGES,
  paymentWriteSchema,
  type PaymentWrite,
} from '@casedesk/contract/accounting/payment';
import { parseCents } from '@casedesk/contract/common/money';

const field = paymentWriteSchema.shape;

/** Typed dollars and cents ('1,250.50') as integer cents; blank is 0 (a payment is often fees or cost only). */
const dollars = (schema: typeof field.feesCents) =>
  z
    .string()
    .transform((text) => (text.trim() === '' ? 0 : parseCents(text)))
    .pipe(schema);

/** Blank takes the office's next receipt number; anything but a whole number gets the contract's message. */
const receiptNumber = z
  .string()
  .transform((text): number | null | undefined =>
    text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN,
  )
  .pipe(field.receiptNumber);

/** The form as typed: amounts and the receipt number are text until sent (DESIGN §3: never a float). */
export const paymentFormSchema = z
  .object({
    officeId: z.string().pipe(field.officeId),
    clientId: z.string().pipe(field.clientId),
    inquiryId: z.string().nullable(),
    paymentType: z.string().pipe(field.paymentType),
    fees: dollars(field.feesCents),
    cost: dollars(field.costCents),
    receiptNumber,
    paymentDate: field.paymentDate,
    officeEntered: z.boolean(),
    account: z.enum(PAYMENT_ACCOUNTS, { error: PAYMENT_MESSAGES.account }),
  })
  .superRefine((value, ctx) => {
    if (value.fees === 0 && value.cost === 0) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.nothing, path: ['fees'] });
    }
    if (value.account === 'TRUST' && !value.inquiryId) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.trustNeedsMatter, path: ['inquiryId'] });
    }
  });
export type PaymentFormInput = z.input<typeof paymentFormSchema>;
export type PaymentFormValues = z.output<typeof paymentFormSchema>;

export function emptyPaymentForm(paymentDate: string): PaymentFormInput {
  return {
    officeId: '',
    clientId: '',
    inquiryId: null,
    paymentType: '',
    fees: '',
    cost: '',
    receiptNumber: '',
    paymentDate,
    officeEntered: false,
    account: 'OPERATING',
  };
}

export function toPaymentWrite(values: PaymentFormValues): PaymentWrite {
  return {
    officeId: values.officeId,
    clientId: values.clientId,
    inquiryId: values.inquiryId || null,
    lawTypeId: null,
    paymentType: values.paymentType,
    feesCents: values.fees,
    costCents: values.cost,
    receiptNumber: values.receiptNumber,
    paymentDate: values.paymentDate,
    officeEntered: values.officeEntered,
    account: values.account,
    note: null,
  };
}

/** The server names its fields as the contract does; the form's amount fields are named for what is typed. */
export const SERVER_FIELDS: Record<string, keyof PaymentFormInput> = {
  officeId: 'officeId',
  clientId: 'clientId',
  inquiryId: 'inquiryId',
  paymentType: 'paymentType',
  feesCents: 'fees',
  costCents: 'cost',
  receiptNumber: 'receiptNumber',
  paymentDate: 'paymentDate',
  account: 'account',
};
