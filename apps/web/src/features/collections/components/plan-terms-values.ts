import { z } from 'zod';
import {
  PAYMENT_PLAN_MESSAGES,
  planSchedule,
  planTermsSchema,
  type PlanTerms,
} from '@casedesk/contract/collections/payment-plan';
import { formatCents } from '@casedesk/contract/common/money';
import { dollarsField } from './money-fields.ts';

const terms = planTermsSchema.shape;

/** The plan form as typed: the amount and the count are text until sent (DESIGN §3: never a float). */
export interface PlanTermsValues {
  amount: string;
  /** A PlanFrequency, or '' until one is chosen. */
  frequency: string;
  firstDueDate: string;
  /** Instalments until the balance is paid, or a fixed number of them. */
  untilPaid: boolean;
  instalmentCount: string;
}

export function emptyPlanTerms(firstDueDate = ''): PlanTermsValues {
  return { amount: '', frequency: 'MONTHLY', firstDueDate, untilPaid: true, instalmentCount: '' };
}

/** A version's terms as the form shows them (to change the amount of a running plan). */
export function planTermsValuesOf(version: PlanTerms, firstDueDate: string): PlanTermsValues {
  return {
    amount: formatCents(version.amountCents),
    frequency: version.frequency,
    firstDueDate,
    untilPaid: version.instalmentCount === null,
    instalmentCount: version.instalmentCount === null ? '' : String(version.instalmentCount),
  };
}

const count = z
  .string()
  .transform((text) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN))
  .pipe(terms.instalmentCount.unwrap());

/**
 * The contract's rules of a plan's terms with its messages, and what the server checks against the account:
 * no instalment above the balance, a first due date from today, and no plan longer than MAX_INSTALMENTS.
 */
export function planTermsFormSchema(balanceCents: number, today: string) {
  return z
    .object({
      amount: dollarsField(terms.amountCents),
      frequency: z.string().pipe(terms.frequency),
      firstDueDate: terms.firstDueDate,
      untilPaid: z.boolean(),
      instalmentCount: z.string(),
    })
    .transform((value, ctx): PlanTerms => {
      let instalmentCount: number | null = null;
      if (!value.untilPaid) {
        const parsed = count.safeParse(value.instalmentCount);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', message: PAYMENT_PLAN_MESSAGES.instalments, path: ['instalmentCount'] });
          return z.NEVER;
        }
        instalmentCount = parsed.data;
      }
      return {
        amountCents: value.amount,
        frequency: value.frequency,
        firstDueDate: value.firstDueDate,
        instalmentCount,
      };
    })
    .superRefine((value, ctx) => {
      if (value.firstDueDate < today) {
        ctx.addIssue({ code: 'custom', message: PAYMENT_PLAN_MESSAGES.firstDuePast, path: ['firstDueDate'] });
      }
      if (value.amountCents > balanceCents) {
        ctx.addIssue({ code: 'custom', message: PAYMENT_PLAN_MESSAGES.tooLarge, path: ['amount'] });
      } else if (planSchedule(value, balanceCents) === null) {
        ctx.addIssue({ code: 'custom', message: PAYMENT_PLAN_MESSAGES.tooManyInstalments, path: ['amount'] });
      }
    });
}

/** The server names the terms as the contract does; the form's amount and count are named for what is typed. */
export const PLAN_SERVER_FIELDS: Record<string, keyof PlanTermsValues> = {
  amountCents: 'amount',
  frequency: 'frequency',
  firstDueDate: 'firstDueDate',
  instalmentCount: 'instalmentCount',
};
