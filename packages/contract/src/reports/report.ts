import { z } from 'zod';
import type { PermissionType } from '../access/permissions.ts';
import { timeZoneSchema } from '../collections/dashboard.ts';
import { listResponseSchema } from '../common/paging.ts';

/**
 * SPEC §7: report calls and their exports send offsetHours. DESIGN §3: days are the caller's, in the IANA zone
 * named in the body (`timeZone`, the browser's) when given; offsetHours decides them only when it is not.
 */
export const reportQuerySchema = z
  .object({
    offsetHours: z.coerce
      .number({ error: 'Offset Hours must be a number.' })
      .min(-14, 'Offset Hours must be between -14 and 14.')
      .max(14, 'Offset Hours must be between -14 and 14.')
      .default(0),
  })
  .strict();
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** A year and a day: enough for a year-on-year look, small enough to answer at once. */
export const REPORT_MAX_DAYS = 366;
export const REPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_MESSAGES = {
  dateFrom: 'Date From must be a valid date.',
  dateTo: 'Date To must be a valid date.',
  dateFromRequired: 'Date From is a required field.',
  dateToRequired: 'Date To is a required field.',
  order: 'Date To cannot be before Date From.',
  range: `The date range can be at most ${REPORT_MAX_DAYS} days.`,
  officeId: 'Office Id must be a valid id.',
  groupBy: (values: readonly string[]) => `Group By must be one of ${values.join(', ')}.`,
  format: `Format must be one of ${REPORT_FORMATS.join(', ')}.`,
} as const;

/** yyyy-MM-dd naming a real calendar day (leap years honoured). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}

function day(required: string, invalid: string) {
  return z.string({ error: required }).refine(isCalendarDay, invalid);
}

/** Days between two yyyy-MM-dd days, counting both. */
export function daysInRange(dateFrom: string, dateTo: string): number {
  return Math.round((Date.parse(`${dateTo}T00:00:00Z`) - Date.parse(`${dateFrom}T00:00:00Z`)) / 86_400_000) + 1;
}

export const rangeFields = {
  /** First and last day of the report, in the caller's zone (timeZone, else offsetHours). */
  dateFrom: day(REPORT_MESSAGES.dateFromRequired, REPORT_MESSAGES.dateFrom),
  dateTo: day(REPORT_MESSAGES.dateToRequired, REPORT_MESSAGES.dateTo),
  officeId: z.uuid({ error: REPORT_MESSAGES.officeId }).optional(),
  /** The browser's IANA zone ('America/Chicago'); without it, offsetHours of the query. */
  timeZone: timeZoneSchema.optional(),
};

export function withRangeRules<T extends { dateFrom: string; dateTo: string }>(value: T, ctx: z.RefinementCtx) {
  if (!isCalendarDay(value.dateFrom) || !isCalendarDay(value.dateTo)) return;
  const days = daysInRange(value.dateFrom, value.dateTo);
  if (days < 1) ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.order, path: ['dateTo'] });
  else if (days > REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.range, path: ['dateTo'] });
}

/** Chat count summary: text messages in and out, per office, per operator or per day. */
export const CHAT_COUNT_GROUPS = ['OFFICE', 'OPERATOR', 'DAY'] as const;
export type ChatCountGroup = (typeof CHAT_COUNT_GROUPS)[number];

/** POST /api/v1/reports/chatCountSummary?offsetHours. */
export const chatCountSummaryRequestSchema = z
  .object({
    ...rangeFields,
    groupBy: z.enum(CHAT_COUNT_GROUPS, { error: REPORT_MESSAGES.groupBy(CHAT_COUNT_GROUPS) }).default('OFFICE'),
  })
  .strict()
  .superRefine(withRangeRules);
export type ChatCountSummaryRequest = z.infer<typeof chatCountSummaryRequestSchema>;
export type ChatCountSummaryRequestInput = z.input<typeof chatCountSummaryRequestSchema>;

const counts = {
  inbound: z.number().int(),
  outbound: z.number().int(),
  total: z.number().int(),
};

export const chatCountRowSchema = z.object({
  /** Office or operator id, or the yyyy-MM-dd day; 'none' for texts without an office or operator. */
  key: z.string(),
  label: z.string(),
  ...counts,
});
export type ChatCountRow = z.infer<typeof chatCountRowSchema>;

/** A report is a list in the shape every list has (DESIGN §3), all its rows on one page, with its totals. */
export const chatCountSummarySchema = listResponseSchema(chatCountRowSchema).extend({
  groupBy: z.enum(CHAT_COUNT_GROUPS),
  totals: z.object(counts),
});
export type ChatCountSummary = z.infer<typeof chatCountSummarySchema>;

/** Call summary: calls per tracking source, per office or per day. */
export const CALL_SUMMARY_GROUPS = ['SOURCE', 'OFFICE', 'DAY'] as const;
export type CallSummaryGroup = (typeof CALL_SUMMARY_GROUPS)[number];

/** POST /api/v1/reports/callSummary?offsetHours. */
export const callSummaryRequestSchema = z
  .object({
    ...rangeFields,
    groupBy: z.enum(CALL_SUMMARY_GROUPS, { error: REPORT_MESSAGES.groupBy(CALL_SUMMARY_GROUPS) }).default('SOURCE'),
  })
  .strict()
  .superRefine(withRangeRules);
export type CallSummaryRequest = z.infer<typeof callSummaryRequestSchema>;
export type CallSummaryRequestInput = z.input<typeof callSummaryRequestSchema>;

const callCounts = {
  ...counts,
  /** Calls with talk time. */
  answered: z.number().int(),
  /** Inbound calls that ended with no talk time (busy, no answer, hung up). */
  missed: z.number().int(),
  /** Inbound calls from a caller id that had called in the 30 days before. */
  duplicates: z.number().int(),
  /** Mean talk seconds of the answered calls; null when none was answered. */
  avgTalkSeconds: z.number().int().nullable(),
};

export const callSummaryRowSchema = z.object({
  /** Tracking source, office id or yyyy-MM-dd day; 'none' for calls without a tracking line or office. */
  key: z.string(),
  label: z.string(),
  ...callCounts,
});
export type CallSummaryRow = z.infer<typeof callSummaryRowSchema>;

export const callSummarySchema = listResponseSchema(callSummaryRowSchema).extend({
  groupBy: z.enum(CALL_SUMMARY_GROUPS),
  totals: z.object(callCounts),
});
export type CallSummary = z.infer<typeof callSummarySchema>;

export const reportFormatSchema = z.enum(REPORT_FORMATS, { error: REPORT_MESSAGES.format }).default('csv');
const format = reportFormatSchema;

/** POST /api/v1/reports/chatCountSummary/export?offsetHours. */
export const chatCountExportRequestSchema = z
  .object({
    ...rangeFields,
    groupBy: z.enum(CHAT_COUNT_GROUPS, { error: REPORT_MESSAGES.groupBy(CHAT_COUNT_GROUPS) }).default('OFFICE'),
    format,
  })
  .strict()
  .superRefine(withRangeRules);
export type ChatCountExportRequest = z.infer<typeof chatCountExportRequestSchema>;
export type ChatCountExportRequestInput = z.input<typeof chatCountExportRequestSchema>;

/** POST /api/v1/reports/callSummary/export?offsetHours. */
export const callSummaryExportRequestSchema = z
  .object({
    ...rangeFields,
    groupBy: z.enum(CALL_SUMMARY_GROUPS, { error: REPORT_MESSAGES.groupBy(CALL_SUMMARY_GROUPS) }).default('SOURCE'),
    format,
  })
  .strict()
  .superRefine(withRangeRules);
export type CallSummaryExportRequest = z.infer<typeof callSummaryExportRequestSchema>;
export type CallSummaryExportRequestInput = z.input<typeof callSummaryExportRequestSchema>;

/** Columns of each report, in order, with their headers (table and export alike). */
export const CHAT_COUNT_COLUMNS = [
  ['label', 'Group'],
  ['inbound', 'Inbound'],
  ['outbound', 'Outbound'],
  ['total', 'Total'],
] as const;

export const CALL_SUMMARY_COLUMNS = [
  ['label', 'Group'],
  ['inbound', 'Inbound'],
  ['outbound', 'Outbound'],
  ['answered', 'Answered'],
  ['missed', 'Missed'],
  ['avgTalkSeconds', 'Avg talk seconds'],
  ['duplicates', 'Duplicates'],
  ['total', 'Total'],
] as const;

/** What the group column is called for each grouping, in every report. */
export const GROUP_HEADERS = {
  OFFICE: 'Office',
  OPERATOR: 'Operator',
  DAY: 'Day',
  SOURCE: 'Source',
  ATTORNEY: 'Attorney',
  LAW_TYPE: 'Law type',
} as const;
export type ReportGroup = keyof typeof GROUP_HEADERS;

export const REPORTS = ['callSummary', 'chatCountSummary', 'appointmentSummary', 'review'] as const;
export type ReportName = (typeof REPORTS)[number];

/** The report's title on screen and in the heading of its exports. */
export const REPORT_TITLES: Record<ReportName, string> = {
  callSummary: 'Call summary',
  chatCountSummary: 'Chat count summary',
  appointmentSummary: 'Appointment summary',
  review: 'Review requests',
};

/**
 * SPEC §6 names two reporting permission types and not what each opens; this is the firm's reading
 * (docs/reports.md). CALL_CENTER_REPORTING opens the call centre's reports (its calls, the appointments it
 * set, the reviews it asked for); COMMUNICATION_REPORTING opens all four, texts included. Either one that
 * opens a report lets its holder read it, over the union of the offices their grants reach.
 */
export const REPORT_PERMISSIONS: Record<ReportName, readonly [PermissionType, ...PermissionType[]]> = {
  callSummary: ['CALL_CENTER_REPORTING', 'COMMUNICATION_REPORTING'],
  chatCountSummary: ['COMMUNICATION_REPORTING'],
  appointmentSummary: ['CALL_CENTER_REPORTING', 'COMMUNICATION_REPORTING'],
  review: ['CALL_CENTER_REPORTING', 'COMMUNICATION_REPORTING'],
};
