import { z } from 'zod';
import { listResponseSchema } from '../common/paging.ts';

/** Two years of months at most: enough for a year-on-year look, small enough to answer at once. */
export const ATTRIBUTION_MAX_MONTHS = 24;

export const ATTRIBUTION_MESSAGES = {
  month: (label: string) => `${label} must be a month (yyyy-MM).`,
  order: 'Month To cannot be before Month From.',
  range: `The month range can be at most ${ATTRIBUTION_MAX_MONTHS} months.`,
  source: 'Source is a required field.',
  amount: 'Amount must be a whole number of cents, 0 or more.',
} as const;

/** yyyy-MM naming a real month, from 1900 on (PostgreSQL has no year 0, and marketing no use for it). */
export function isMonth(value: string): boolean {
  return /^(19|[2-9]\d)\d{2}-(0[1-9]|1[0-2])$/.test(value);
}

/** Months from a to b, counting both (0 or less when b is before a). */
export function monthsInRange(from: string, to: string): number {
  const index = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;
  return index(to) - index(from) + 1;
}

const month = (label: string) =>
  z.string({ error: ATTRIBUTION_MESSAGES.month(label) }).refine(isMonth, ATTRIBUTION_MESSAGES.month(label));

/**
 * POST /api/v1/dnis/attribution. A call belongs to the month of its start time in its office's time zone
 * (DESIGN §3: the office's zone), so the figures are the same whoever looks and from wherever.
 */
export const attributionRequestSchema = z
  .object({
    monthFrom: month('Month From'),
    monthTo: month('Month To'),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!isMonth(value.monthFrom) || !isMonth(value.monthTo)) return;
    const months = monthsInRange(value.monthFrom, value.monthTo);
    if (months < 1) ctx.addIssue({ code: 'custom', message: ATTRIBUTION_MESSAGES.order, path: ['monthTo'] });
    else if (months > ATTRIBUTION_MAX_MONTHS) {
      ctx.addIssue({ code: 'custom', message: ATTRIBUTION_MESSAGES.range, path: ['monthTo'] });
    }
  });
export type AttributionRequest = z.infer<typeof attributionRequestSchema>;
export type AttributionRequestInput = z.input<typeof attributionRequestSchema>;

const touchSchema = z.object({
  leads: z.number().int(),
  appointmentsSet: z.number().int(),
  signedCases: z.number().int(),
  /** Integer cents; null without spend or without leads (signed cases). */
  costPerLeadCents: z.number().int().nullable(),
  costPerSignedCaseCents: z.number().int().nullable(),
  /**
   * Fees paid on these leads' matters (integer cents, reversals netted), from the cash flow the caller may
   * read (CASH_FLOW READ, by office); null for a caller who may not read cash flow.
   */
  feesCollectedCents: z.number().int().nullable(),
});
export type TouchFigures = z.infer<typeof touchSchema>;

export const attributionRowSchema = z.object({
  source: z.string(),
  month: z.string(),
  calls: z.number().int(),
  uniqueCallers: z.number().int(),
  /** Spend typed by marketing for the source and month, integer cents; null when none was entered. */
  spendCents: z.number().int().nullable(),
  firstTouch: touchSchema,
  lastTouch: touchSchema,
});
export type AttributionRow = z.infer<typeof attributionRowSchema>;

export const attributionReportSchema = listResponseSchema(attributionRowSchema).extend({
  totals: z.object({
    calls: z.number().int(),
    leads: z.number().int(),
    appointmentsSet: z.number().int(),
    signedCases: z.number().int(),
    spendCents: z.number().int(),
    costPerLeadCents: z.number().int().nullable(),
    costPerSignedCaseCents: z.number().int().nullable(),
    feesCollectedCents: z.number().int().nullable(),
  }),
});
export type AttributionReport = z.infer<typeof attributionReportSchema>;

/** PUT /api/v1/dnis/spend: what a source cost in a month; a new entry replaces the shown amount. */
export const spendEntrySchema = z
  .object({
    source: z
      .string({ error: ATTRIBUTION_MESSAGES.source })
      .trim()
      .min(1, ATTRIBUTION_MESSAGES.source)
      .max(100, 'Source must be 100 characters or less.'),
    month: month('Month'),
    amountCents: z
      .number({ error: ATTRIBUTION_MESSAGES.amount })
      .int(ATTRIBUTION_MESSAGES.amount)
      .min(0, ATTRIBUTION_MESSAGES.amount)
      .max(Number.MAX_SAFE_INTEGER, ATTRIBUTION_MESSAGES.amount),
  })
  .strict();
export type SpendEntry = z.infer<typeof spendEntrySchema>;
export type SpendEntryInput = z.input<typeof spendEntrySchema>;
export const spendEntryResultSchema = spendEntrySchema.extend({ id: z.uuid(), enteredAt: z.string() });

/** Calls of a source in a month (each call under the mapping in effect when it came in). */
export interface SourceMonthCalls {
  source: string;
  month: string;
  calls: number;
  uniqueCallers: number;
}

/**
 * Leads (inquiries reached by tracked calls; repeat calls count once) of a month, the month of their first
 * tracked call, with the same source of first touch and of last touch (their latest tracked call).
 */
export interface LeadGroup {
  month: string;
  firstSource: string;
  lastSource: string;
  leads: number;
  appointmentsSet: number;
  signedCases: number;
  /** Null when the caller may not read cash flow. */
  feesCollectedCents: number | null;
}

export interface SourceMonthSpend {
  source: string;
  month: string;
  amountCents: number;
}

/** Cost per unit in whole cents (rounded half up); null when nothing was spent or nothing came of it. */
export function costPer(spendCents: number | null, count: number): number | null {
  if (spendCents === null || count === 0) return null;
  return Math.round(spendCents / count);
}

const key = (source: string, month: string) => `${month}\u0000${source}`;

type LeadCounts = Pick<LeadGroup, 'leads' | 'appointmentsSet' | 'signedCases' | 'feesCollectedCents'>;

/** Sums of groups; fees stay null when they are not the caller's to read (then every group has null). */
function sumLeads(groups: LeadCounts[], feesReadable: boolean): LeadCounts {
  return groups.reduce<LeadCounts>(
    (sum, g) => ({
      leads: sum.leads + g.leads,
      appointmentsSet: sum.appointmentsSet + g.appointmentsSet,
      signedCases: sum.signedCases + g.signedCases,
      feesCollectedCents: sum.feesCollectedCents === null ? null : sum.feesCollectedCents + (g.feesCollectedCents ?? 0),
    }),
    { leads: 0, appointmentsSet: 0, signedCases: 0, feesCollectedCents: feesReadable ? 0 : null },
  );
}

function touchFigures(groups: LeadGroup[], spendCents: number | null, feesReadable: boolean): TouchFigures {
  const counts = sumLeads(groups, feesReadable);
  return {
    ...counts,
    costPerLeadCents: costPer(spendCents, counts.leads),
    costPerSignedCaseCents: costPer(spendCents, counts.signedCases),
  };
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = keyOf(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * One row per source and month that had calls, leads or spend; first touch and last touch side by side
 * (a lead counts once under each), months in order, then sources.
 */
export function attributionRows(
  calls: SourceMonthCalls[],
  leads: LeadGroup[],
  spend: SourceMonthSpend[],
  feesReadable: boolean,
): AttributionRow[] {
  const keys = new Map<string, { source: string; month: string }>();
  const remember = (source: string, month: string) => keys.set(key(source, month), { source, month });
  calls.forEach((c) => remember(c.source, c.month));
  leads.forEach((l) => (remember(l.firstSource, l.month), remember(l.lastSource, l.month)));
  spend.forEach((s) => remember(s.source, s.month));
  const callsBy = new Map(calls.map((c) => [key(c.source, c.month), c]));
  const spendBy = new Map(spend.map((s) => [key(s.source, s.month), s.amountCents]));
  const byFirst = groupBy(leads, (l) => key(l.firstSource, l.month));
  const byLast = groupBy(leads, (l) => key(l.lastSource, l.month));
  return [...keys.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, { source, month }]) => {
      const spendCents = spendBy.get(k) ?? null;
      return {
        source,
        month,
        calls: callsBy.get(k)?.calls ?? 0,
        uniqueCallers: callsBy.get(k)?.uniqueCallers ?? 0,
        spendCents,
        firstTouch: touchFigures(byFirst.get(k) ?? [], spendCents, feesReadable),
        lastTouch: touchFigures(byLast.get(k) ?? [], spendCents, feesReadable),
      };
    });
}

/** The report's totals: every lead once, all spend, cost per lead over the whole range. */
export function attributionTotals(
  rows: AttributionRow[],
  leads: LeadGroup[],
  feesReadable: boolean,
): AttributionReport['totals'] {
  const spendCents = rows.reduce((sum, r) => sum + (r.spendCents ?? 0), 0);
  const counts = sumLeads(leads, feesReadable);
  return {
    calls: rows.reduce((sum, r) => sum + r.calls, 0),
    ...counts,
    spendCents,
    costPerLeadCents: costPer(spendCents === 0 ? null : spendCents, counts.leads),
    costPerSignedCaseCents: costPer(spendCents === 0 ? null : spendCents, counts.signedCases),
  };
}
