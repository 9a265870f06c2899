import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, pageNumberSchema } from '../common/paging.ts';
import { REPORT_MAX_DAYS, REPORT_MESSAGES, daysInRange, isCalendarDay } from '../reports/report.ts';
import { COLLECTION_EXPORT_FORMATS } from './account.ts';
import { timeZoneSchema } from './dashboard.ts';

/**
 * Collection reporting (SPEC §2 /collections/collection-reporting?report=, §7 collectionAccount report and
 * export; SPEC §6: COLLECTION_REPORTING with the ADMIN role condition). One route answers every report; the
 * `report` field says which, as the screen's `report` query does. Definitions: docs/collections-dashboard.md.
 */
export const COLLECTION_REPORTS = ['COLLECTED', 'AGING', 'PLAN_PERFORMANCE', 'CONTACT_LOG'] as const;
export type CollectionReport = (typeof COLLECTION_REPORTS)[number];
export const COLLECTION_REPORT_LABELS: Record<CollectionReport, string> = {
  COLLECTED: 'Collected',
  AGING: 'Aging',
  PLAN_PERFORMANCE: 'Plan performance',
  CONTACT_LOG: 'Contact log',
};

export const COLLECTION_REPORT_GROUPS = ['DAY', 'WEEK', 'MONTH', 'OFFICE', 'COLLECTOR'] as const;
export type CollectionReportGroup = (typeof COLLECTION_REPORT_GROUPS)[number];
export const COLLECTION_REPORT_GROUP_LABELS: Record<CollectionReportGroup, string> = {
  DAY: 'Day',
  WEEK: 'Week',
  MONTH: 'Month',
  OFFICE: 'Office',
  COLLECTOR: 'Collector',
};

/** The groupings each report offers, the first being its default; the contact log lists attempts one by one. */
export const REPORT_GROUPS: Record<CollectionReport, readonly CollectionReportGroup[]> = {
  COLLECTED: ['MONTH', 'WEEK', 'DAY', 'OFFICE', 'COLLECTOR'],
  AGING: ['OFFICE', 'COLLECTOR'],
  PLAN_PERFORMANCE: ['MONTH', 'OFFICE', 'COLLECTOR'],
  CONTACT_LOG: [],
};

/** Aging is a picture of today's balances; the others cover a range of days. */
export function reportTakesRange(report: CollectionReport): boolean {
  return report !== 'AGING';
}

export const COLLECTION_REPORT_MESSAGES = {
  report: `Report must be one of ${COLLECTION_REPORTS.join(', ')}.`,
  groupByAny: `Group By must be one of ${COLLECTION_REPORT_GROUPS.join(', ')}.`,
  groupBy: (report: CollectionReport) =>
    REPORT_GROUPS[report].length
      ? `Group By must be one of ${REPORT_GROUPS[report].join(', ')} for this report.`
      : 'This report takes no Group By.',
  pageSize: 'Page Size must be a whole number from 1 to 1000.',
  format: 'Format must be one of csv, xlsx, pdf.',
} as const;

/** The contact log is read a page at a time on screen (its export has every row). */
export const CONTACT_LOG_MAX_PAGE = 1000;

const reportFields = {
  report: z.enum(COLLECTION_REPORTS, { error: COLLECTION_REPORT_MESSAGES.report }),
  /** First and last day, in the caller's zone (timeZone, else offsetHours); not for AGING. */
  dateFrom: z.string().optional(),
  dateTo: z.string().optional(),
  groupBy: z.enum(COLLECTION_REPORT_GROUPS, { error: COLLECTION_REPORT_MESSAGES.groupByAny }).optional(),
  /** One office of the caller's (404 for another). */
  officeId: z.uuid({ error: REPORT_MESSAGES.officeId }).optional(),
  /** One collector's accounts. */
  collectorId: z.uuid({ error: 'Collector Id must be a valid id.' }).optional(),
  timeZone: timeZoneSchema.optional(),
  /** CONTACT_LOG only. */
  pageNumber: pageNumberSchema.optional(),
  pageSize: z
    .number({ error: COLLECTION_REPORT_MESSAGES.pageSize })
    .int(COLLECTION_REPORT_MESSAGES.pageSize)
    .min(1, COLLECTION_REPORT_MESSAGES.pageSize)
    .max(CONTACT_LOG_MAX_PAGE, COLLECTION_REPORT_MESSAGES.pageSize)
    .optional(),
};

function reportRules(
  value: { report: CollectionReport; dateFrom?: string; dateTo?: string; groupBy?: CollectionReportGroup },
  ctx: z.RefinementCtx,
) {
  if (value.groupBy !== undefined && !REPORT_GROUPS[value.report].includes(value.groupBy)) {
    ctx.addIssue({ code: 'custom', message: COLLECTION_REPORT_MESSAGES.groupBy(value.report), path: ['groupBy'] });
  }
  if (!reportTakesRange(value.report)) return;
  const { dateFrom, dateTo } = value;
  if (dateFrom === undefined)
    ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.dateFromRequired, path: ['dateFrom'] });
  else if (!isCalendarDay(dateFrom))
    ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.dateFrom, path: ['dateFrom'] });
  if (dateTo === undefined) ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.dateToRequired, path: ['dateTo'] });
  else if (!isCalendarDay(dateTo)) ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.dateTo, path: ['dateTo'] });
  if (dateFrom && dateTo && isCalendarDay(dateFrom) && isCalendarDay(dateTo)) {
    const days = daysInRange(dateFrom, dateTo);
    if (days < 1) ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.order, path: ['dateTo'] });
    else if (days > REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.range, path: ['dateTo'] });
  }
}

/** POST /api/v1/collectionAccount/report?offsetHours */
export const collectionReportRequestSchema = z.object(reportFields).strict().superRefine(reportRules);
export type CollectionReportRequest = z.infer<typeof collectionReportRequestSchema>;
export type CollectionReportRequestInput = z.input<typeof collectionReportRequestSchema>;

/** POST /api/v1/collectionAccount/report/export?offsetHours: the report as shown (the contact log whole). */
export const collectionReportExportRequestSchema = z
  .object({
    ...reportFields,
    format: z.enum(COLLECTION_EXPORT_FORMATS, { error: COLLECTION_REPORT_MESSAGES.format }).default('csv'),
  })
  .strict()
  .superRefine(reportRules);
export type CollectionReportExportRequest = z.infer<typeof collectionReportExportRequestSchema>;
export type CollectionReportExportRequestInput = z.input<typeof collectionReportExportRequestSchema>;

export const collectedRowSchema = z.object({
  /** yyyy-MM-dd (a day, a week's Monday, a month's first day), an office or collector id, or 'none'. */
  key: z.string(),
  label: z.string(),
  /** Accounts with an entry in the group. */
  accounts: z.number().int(),
  /** Entries: payments taken, and reversals of payments. */
  payments: z.number().int(),
  reversals: z.number().int(),
  /** Net money in, reversals subtracted. */
  collectedCents: z.number().int(),
});
export type CollectedRow = z.infer<typeof collectedRowSchema>;

export const agingRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  days0to30Count: z.number().int(),
  days0to30Cents: z.number().int(),
  days31to60Count: z.number().int(),
  days31to60Cents: z.number().int(),
  days61to90Count: z.number().int(),
  days61to90Cents: z.number().int(),
  days90PlusCount: z.number().int(),
  days90PlusCents: z.number().int(),
  totalCount: z.number().int(),
  totalCents: z.number().int(),
});
export type AgingRow = z.infer<typeof agingRowSchema>;

export const planPerformanceRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** Instalments due in the range, and their amounts. */
  due: z.number().int(),
  dueCents: z.number().int(),
  kept: z.number().int(),
  keptCents: z.number().int(),
  missed: z.number().int(),
  missedCents: z.number().int(),
  /** Not settled yet: still due, or paused. */
  pending: z.number().int(),
  /** kept ÷ (kept + missed); null when none was settled. */
  keptRate: z.number().nullable(),
});
export type PlanPerformanceRow = z.infer<typeof planPerformanceRowSchema>;

export const CONTACT_CHANNELS = ['CALL', 'TEXT'] as const;
export const CONTACT_OUTCOMES = ['ALLOWED', 'REFUSED'] as const;
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];

/** One contact attempt on an account, allowed or refused by the contact rules (for compliance). */
export const contactLogRowSchema = z.object({
  id: z.string(),
  /** The instant of the attempt (ISO 8601, UTC). */
  at: z.string(),
  channel: z.enum(CONTACT_CHANNELS),
  outcome: z.enum(CONTACT_OUTCOMES),
  /** The contact rule that refused it (TIME_OF_DAY, CALL_FREQUENCY, AFTER_CONVERSATION, OPT_OUT); null when allowed. */
  rule: z.string().nullable(),
  /** The refusal as the collector read it; null when allowed. */
  message: z.string().nullable(),
  accountId: z.uuid(),
  accountNumber: z.number().int(),
  client: z.string(),
  officeId: z.uuid(),
  office: z.string(),
  /** Who attempted it. */
  byId: z.uuid().nullable(),
  by: z.string().nullable(),
  /** The number called or texted, when known. */
  to: z.string().nullable(),
});
export type ContactLogRow = z.infer<typeof contactLogRowSchema>;

const meta = {
  /** The caller's zone the days were read in. */
  timeZone: z.string(),
  dateFrom: z.string().nullable(),
  dateTo: z.string().nullable(),
  /** The caller's today (AGING counts days to it). */
  asOf: z.string(),
};
const group = z.enum(COLLECTION_REPORT_GROUPS);

export const collectedReportSchema = z.object({
  report: z.literal('COLLECTED'),
  groupBy: group,
  ...meta,
  items: z.array(collectedRowSchema),
  totals: collectedRowSchema.omit({ key: true, label: true }),
});
export const agingReportSchema = z.object({
  report: z.literal('AGING'),
  groupBy: group,
  ...meta,
  items: z.array(agingRowSchema),
  totals: agingRowSchema.omit({ key: true, label: true }),
});
export const planPerformanceReportSchema = z.object({
  report: z.literal('PLAN_PERFORMANCE'),
  groupBy: group,
  ...meta,
  items: z.array(planPerformanceRowSchema),
  totals: planPerformanceRowSchema.omit({ key: true, label: true }),
});
export const contactLogReportSchema = z.object({
  report: z.literal('CONTACT_LOG'),
  ...meta,
  items: z.array(contactLogRowSchema),
  totalCount: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  totals: z.object({ attempts: z.number().int(), allowed: z.number().int(), refused: z.number().int() }),
});
export const collectionReportSchema = z.discriminatedUnion('report', [
  collectedReportSchema,
  agingReportSchema,
  planPerformanceReportSchema,
  contactLogReportSchema,
]);
export type CollectionReportResult = z.infer<typeof collectionReportSchema>;
export type CollectedReport = z.infer<typeof collectedReportSchema>;
export type AgingReport = z.infer<typeof agingReportSchema>;
export type PlanPerformanceReport = z.infer<typeof planPerformanceReportSchema>;
export type ContactLogReport = z.infer<typeof contactLogReportSchema>;

export const DEFAULT_CONTACT_LOG_PAGE = DEFAULT_PAGE_SIZE;

export type ColumnKind = 'text' | 'count' | 'cents' | 'rate' | 'instant';
export interface ReportColumn {
  key: string;
  header: string;
  kind: ColumnKind;
}
const col = (key: string, header: string, kind: ColumnKind): ReportColumn => ({ key, header, kind });

/** Each report's columns in order, with their headers: the screen's table and every export alike. */
export const REPORT_COLUMNS: Record<CollectionReport, readonly ReportColumn[]> = {
  COLLECTED: [
    col('label', 'Group', 'text'),
    col('accounts', 'Accounts', 'count'),
    col('payments', 'Payments', 'count'),
    col('reversals', 'Reversals', 'count'),
    col('collectedCents', 'Collected', 'cents'),
  ],
  AGING: [
    col('label', 'Group', 'text'),
    col('days0to30Count', '0–30 accounts', 'count'),
    col('days0to30Cents', '0–30 balance', 'cents'),
    col('days31to60Count', '31–60 accounts', 'count'),
    col('days31to60Cents', '31–60 balance', 'cents'),
    col('days61to90Count', '61–90 accounts', 'count'),
    col('days61to90Cents', '61–90 balance', 'cents'),
    col('days90PlusCount', '90+ accounts', 'count'),
    col('days90PlusCents', '90+ balance', 'cents'),
    col('totalCount', 'Total accounts', 'count'),
    col('totalCents', 'Total balance', 'cents'),
  ],
  PLAN_PERFORMANCE: [
    col('label', 'Group', 'text'),
    col('due', 'Instalments due', 'count'),
    col('dueCents', 'Amount due', 'cents'),
    col('kept', 'Kept', 'count'),
    col('keptCents', 'Amount kept', 'cents'),
    col('missed', 'Missed', 'count'),
    col('missedCents', 'Amount missed', 'cents'),
    col('pending', 'Pending', 'count'),
    col('keptRate', 'Kept rate', 'rate'),
  ],
  CONTACT_LOG: [
    col('at', 'Time', 'instant'),
    col('channel', 'Channel', 'text'),
    col('outcome', 'Outcome', 'text'),
    col('rule', 'Rule', 'text'),
    col('message', 'Refusal', 'text'),
    col('accountNumber', 'Account', 'count'),
    col('client', 'Client', 'text'),
    col('office', 'Office', 'text'),
    col('by', 'By', 'text'),
    col('to', 'To', 'text'),
  ],
};

/** A kept rate as people read it: 0.8333 → '83.3%'. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}
