import { z } from 'zod';
import { listResponseSchema } from '../common/paging.ts';
import { rangeFields, REPORT_MESSAGES, reportFormatSchema, withRangeRules } from './report.ts';

/** Review report: the review requests of the chat options (SPEC §2) per operator, office or day, with replies. */
export const REVIEW_GROUPS = ['OPERATOR', 'OFFICE', 'DAY'] as const;
export type ReviewGroup = (typeof REVIEW_GROUPS)[number];

/** A reply is an inbound text from the request's number within this many days after it (docs/reports.md). */
export const REVIEW_REPLY_WINDOW_DAYS = 7;

const groupBy = z.enum(REVIEW_GROUPS, { error: REPORT_MESSAGES.groupBy(REVIEW_GROUPS) }).default('OPERATOR');

/** POST /api/v1/reports/review?offsetHours: review requests sent in the period. */
export const reviewReportRequestSchema = z
  .object({ ...rangeFields, groupBy })
  .strict()
  .superRefine(withRangeRules);
export type ReviewReportRequest = z.infer<typeof reviewReportRequestSchema>;
export type ReviewReportRequestInput = z.input<typeof reviewReportRequestSchema>;

/** POST /api/v1/reports/review/export?offsetHours. */
export const reviewExportRequestSchema = z
  .object({ ...rangeFields, groupBy, format: reportFormatSchema })
  .strict()
  .superRefine(withRangeRules);
export type ReviewExportRequest = z.infer<typeof reviewExportRequestSchema>;
export type ReviewExportRequestInput = z.input<typeof reviewExportRequestSchema>;

const reviewCounts = {
  /** Review requests sent: Send Review (mail) and Send Review via text. */
  sent: z.number().int(),
  byText: z.number().int(),
  byMail: z.number().int(),
  /** Requests answered by at least one inbound text from their number within the reply window. */
  replied: z.number().int(),
  /** Replied ÷ sent, as a percentage with one decimal; null when none was sent. */
  replyRate: z.number().nullable(),
};

export const reviewRowSchema = z.object({
  /** Operator or office id, or the yyyy-MM-dd day; 'none' for a request without an office or operator. */
  key: z.string(),
  label: z.string(),
  ...reviewCounts,
});
export type ReviewRow = z.infer<typeof reviewRowSchema>;

export const reviewReportSchema = listResponseSchema(reviewRowSchema).extend({
  groupBy: z.enum(REVIEW_GROUPS),
  totals: z.object(reviewCounts),
});
export type ReviewReport = z.infer<typeof reviewReportSchema>;

export const REVIEW_COLUMNS = [
  ['label', 'Group'],
  ['sent', 'Sent'],
  ['byText', 'By text'],
  ['byMail', 'By mail'],
  ['replied', 'Replied'],
  ['replyRate', 'Reply rate %'],
] as const;
