import { z } from 'zod';
import { isoDateSchema } from '../common/dates.ts';
import { MAX_ACCOUNT_CENTS } from './account.ts';

/**
 * A payment plan: instalments of an amount at a frequency from a first due date, for a number of instalments
 * or until the balance is paid. Its terms are versioned: changing the amount makes a new version from the next
 * unpaid instalment on, and the earlier versions stay in the history (docs/collections-payment-plans.md).
 */
export const PLAN_FREQUENCIES = ['WEEKLY', 'BIWEEKLY', 'MONTHLY'] as const;
export type PlanFrequency = (typeof PLAN_FREQUENCIES)[number];
export const PLAN_FREQUENCY_LABELS: Record<PlanFrequency, string> = {
  WEEKLY: 'Weekly',
  BIWEEKLY: 'Every two weeks',
  MONTHLY: 'Monthly',
};
export const PLAN_STATUSES = ['ACTIVE', 'PAUSED', 'COMPLETED', 'CANCELLED'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
export const INSTALMENT_STATUSES = ['DUE', 'PAID', 'MISSED', 'PAUSED'] as const;
export type InstalmentStatus = (typeof INSTALMENT_STATUSES)[number];

/** A plan has at most five years of weekly instalments. */
export const MAX_INSTALMENTS = 260;
/** Collectors learn of a hardship late: a pause may start up to this many days before today. */
export const PAUSE_BACKDATE_DAYS = 7;
export const PAUSE_REASON_MAX = 500;
/** The reminder text goes out this many days before each due date (docs/collections-payment-plans.md). */
export const REMINDER_DAYS_BEFORE = 3;
/**
 * A payment can take a day or two to reach the ledger (a mailed check, an ACH posting): an instalment is missed,
 * and its promise broken, only when it is still not paid in full this many days after its due date. One
 * constant rules both, so an instalment the job marks missed is never counted as kept by the same payments.
 */
export const PAYMENT_GRACE_DAYS = 2;
/** The daily plan job runs from this hour of each office's own day (its time zone). */
export const PLAN_DAY_HOUR = 6;
/**
 * The reminder text when the firm has no TEXT template of purpose PAYMENT_REMINDER: SPEC §3 placeholders, and the
 * opt-out line every automated text carries (a number that replied STOP is never texted).
 */
export const PAYMENT_REMINDER_TEXT =
  'Hi @clientFirstName, a reminder that your payment of @payment is due on @dueDate. Questions? Reply here. ' +
  'Reply STOP to opt out.';

export const PAYMENT_PLAN_MESSAGES = {
  notFound: 'Payment plan not found.',
  amount: 'Instalment Amount must be an amount in dollars and cents, more than 0.',
  tooLarge: 'An instalment can be at most the account’s balance.',
  frequency: `Frequency must be one of ${PLAN_FREQUENCIES.map((f) => PLAN_FREQUENCY_LABELS[f]).join(', ')}.`,
  firstDueDate: 'First Due Date must be a valid date.',
  firstDuePast: 'First Due Date cannot be in the past.',
  instalments: `Number of Instalments must be a whole number from 1 to ${MAX_INSTALMENTS}.`,
  tooManyInstalments: `At this amount the plan would need more than ${MAX_INSTALMENTS} instalments. Raise the amount.`,
  noBalance: 'This account has no balance to plan.',
  alreadyPlanned: 'This account already has a plan. Change or cancel it instead.',
  closedAccount: 'This account is closed or paid and takes no plan.',
  reason: 'Reason is a required field.',
  reasonLength: `Reason must be ${PAUSE_REASON_MAX} characters or less.`,
  pauseFrom: `Pause From can be at most ${PAUSE_BACKDATE_DAYS} days ago and not in the future.`,
  resumeOn: 'Resume On must be after Pause From.',
  resumeOnPast: 'Resume On must be after today.',
  notActive: 'Only an active plan can be paused.',
  notPaused: 'Only a paused plan can be resumed.',
  notOpen: 'This plan is completed or cancelled.',
} as const;

const amountSchema = z
  .number({ error: PAYMENT_PLAN_MESSAGES.amount })
  .int(PAYMENT_PLAN_MESSAGES.amount)
  .min(1, PAYMENT_PLAN_MESSAGES.amount)
  .max(MAX_ACCOUNT_CENTS, PAYMENT_PLAN_MESSAGES.tooLarge);

/** The terms of a plan version, and what the schedule preview takes. */
export const planTermsSchema = z
  .object({
    amountCents: amountSchema,
    frequency: z.enum(PLAN_FREQUENCIES, { error: PAYMENT_PLAN_MESSAGES.frequency }),
    firstDueDate: isoDateSchema('First Due Date'),
    /** Null: until the balance is paid. */
    instalmentCount: z
      .number({ error: PAYMENT_PLAN_MESSAGES.instalments })
      .int(PAYMENT_PLAN_MESSAGES.instalments)
      .min(1, PAYMENT_PLAN_MESSAGES.instalments)
      .max(MAX_INSTALMENTS, PAYMENT_PLAN_MESSAGES.instalments)
      .nullable(),
  })
  .strict();
export type PlanTerms = z.infer<typeof planTermsSchema>;

/** POST /api/v1/paymentPlan/create */
export const paymentPlanCreateSchema = planTermsSchema.extend({ accountId: z.uuid() }).strict();
export type PaymentPlanCreate = z.infer<typeof paymentPlanCreateSchema>;

/** POST /api/v1/paymentPlan/preview: the schedule the terms would give for the account's balance; nothing is saved. */
export const paymentPlanPreviewSchema = paymentPlanCreateSchema;
export type PaymentPlanPreview = z.infer<typeof paymentPlanPreviewSchema>;
export const paymentPlanPreviewResultSchema = z.object({
  balanceCents: z.number().int(),
  instalments: z.array(z.object({ seq: z.number().int(), dueDate: z.string(), amountCents: z.number().int() })),
  /** What the instalments add up to; with a fixed count that does not cover the balance, less than it. */
  plannedCents: z.number().int(),
  /** Left on the account after the last instalment (0 for until paid). */
  leftCents: z.number().int(),
});
export type PaymentPlanPreviewResult = z.infer<typeof paymentPlanPreviewResultSchema>;

/** POST /api/v1/paymentPlan/change: a new version of the terms, from the next unpaid instalment. */
export const paymentPlanChangeSchema = planTermsSchema.extend({ planId: z.uuid() }).strict();

/** POST /api/v1/paymentPlan/pause; `resume: true` resumes a paused plan instead. */
export const paymentPlanPauseSchema = z
  .object({
    planId: z.uuid(),
    resume: z.boolean().default(false),
    reason: z
      .string()
      .trim()
      .max(PAUSE_REASON_MAX, PAYMENT_PLAN_MESSAGES.reasonLength)
      .nullish()
      .transform((v) => v || null),
    /** The day the hardship began: today or up to seven days before (the server judges "today" in the office's zone). */
    pausedFrom: isoDateSchema('Pause From').optional(),
    resumeOn: isoDateSchema('Resume On')
      .nullish()
      .transform((v) => v ?? null),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!value.resume && !value.reason) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_PLAN_MESSAGES.reason, path: ['reason'] });
    }
    if (value.pausedFrom && value.resumeOn && value.resumeOn <= value.pausedFrom) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_PLAN_MESSAGES.resumeOn, path: ['resumeOn'] });
    }
  });
export type PaymentPlanPause = z.infer<typeof paymentPlanPauseSchema>;

/** POST /api/v1/paymentPlan/list */
export const paymentPlanListRequestSchema = z.object({ accountId: z.uuid() }).strict();

export const instalmentSchema = z.object({
  seq: z.number().int(),
  dueDate: z.string(),
  amountCents: z.number().int(),
  /** What the payments on the account since its version began have paid of it, oldest instalment first. */
  paidCents: z.number().int(),
  status: z.enum(INSTALMENT_STATUSES),
  version: z.number().int(),
});
export type Instalment = z.infer<typeof instalmentSchema>;

export const planVersionSchema = z.object({
  version: z.number().int(),
  amountCents: z.number().int(),
  frequency: z.enum(PLAN_FREQUENCIES),
  firstDueDate: z.string(),
  instalmentCount: z.number().int().nullable(),
  by: z.string().nullable(),
  at: z.string(),
});
export const planPauseSchema = z.object({
  pausedFrom: z.string(),
  resumeOn: z.string().nullable(),
  resumedAt: z.string().nullable(),
  reason: z.string(),
  by: z.string().nullable(),
  at: z.string(),
});
export const paymentPlanSchema = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  status: z.enum(PLAN_STATUSES),
  versions: z.array(planVersionSchema),
  pauses: z.array(planPauseSchema),
  instalments: z.array(instalmentSchema),
  createdAt: z.string(),
});
export type PaymentPlan = z.infer<typeof paymentPlanSchema>;
export const paymentPlanListSchema = z.array(paymentPlanSchema);

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The nth due date after the first (n = 0 is the first), as yyyy-MM-dd. */
export function nthDueDate(firstDueDate: string, frequency: PlanFrequency, n: number): string {
  const [y, m, d] = firstDueDate.split('-').map(Number) as [number, number, number];
  if (frequency === 'MONTHLY') {
    // The same day of the month, clamped to the month's end: Jan 31 → Feb 28 → Mar 31.
    const monthIndex = m - 1 + n;
    const year = y + Math.floor(monthIndex / 12);
    const month = (monthIndex % 12) + 1;
    const day = Math.min(d, daysInMonth(year, month));
    return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  }
  const step = frequency === 'WEEKLY' ? 7 : 14;
  return new Date(Date.UTC(y, m - 1, d + step * n)).toISOString().slice(0, 10);
}

/**
 * The instalments of a plan's terms for a balance: the amount at each due date, never more than what is left,
 * for `instalmentCount` instalments or until paid (a fixed count that does not cover the balance leaves the
 * rest on the account). Null when until-paid would take more than MAX_INSTALMENTS.
 */
export function planSchedule(
  terms: PlanTerms,
  balanceCents: number,
): { seq: number; dueDate: string; amountCents: number }[] | null {
  const needed = Math.ceil(balanceCents / terms.amountCents);
  const count = terms.instalmentCount === null ? needed : Math.min(terms.instalmentCount, Math.max(needed, 1));
  if (count > MAX_INSTALMENTS) return null;
  const out: { seq: number; dueDate: string; amountCents: number }[] = [];
  let left = balanceCents;
  for (let i = 0; i < count; i += 1) {
    const amount = Math.min(terms.amountCents, left);
    out.push({ seq: i + 1, dueDate: nthDueDate(terms.firstDueDate, terms.frequency, i), amountCents: amount });
    left -= amount;
  }
  return out;
}
