import { z } from 'zod';
import { cashFlowListRequestSchema } from './payment.ts';

/**
 * The cash-flow report as a PDF (docs/accounting.md, "Cash-flow report"). Up to CASH_FLOW_REPORT_INLINE_MAX rows
 * come back at once as the PDF; a larger report is built in the background and the answer says where to follow it.
 */
export const CASH_FLOW_REPORT_INLINE_MAX = 5_000;

/**
 * POST /api/v1/cashFlow/report?offsetHours=: the rows of the current filter and sort (paging is ignored).
 * 200 application/pdf when the filter has at most CASH_FLOW_REPORT_INLINE_MAX rows; otherwise 202 with
 * a CashFlowReportQueued and the report is built by a background job.
 */
export const cashFlowReportRequestSchema = cashFlowListRequestSchema;
export type CashFlowReportRequest = z.infer<typeof cashFlowReportRequestSchema>;
export type CashFlowReportRequestInput = z.input<typeof cashFlowReportRequestSchema>;

export const CASH_FLOW_REPORT_STATES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type CashFlowReportState = (typeof CASH_FLOW_REPORT_STATES)[number];

/** GET /api/v1/cashFlow/report/:reportId: how far a background report has come. Only its requester sees it. */
export const cashFlowReportStatusSchema = z.object({
  id: z.uuid(),
  state: z.enum(CASH_FLOW_REPORT_STATES),
  rowsTotal: z.number().int(),
  rowsDone: z.number().int(),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** On FAILED: what went wrong, in plain words. */
  error: z.string().nullable(),
});
export type CashFlowReportStatus = z.infer<typeof cashFlowReportStatusSchema>;

/** The 202 answer of POST /cashFlow/report for a large report. */
export const cashFlowReportQueuedSchema = cashFlowReportStatusSchema;
export type CashFlowReportQueued = CashFlowReportStatus;

export const cashFlowReportParamsSchema = z.object({ reportId: z.uuid() }).strict();

export const CASH_FLOW_REPORT_MESSAGES = {
  notReady: 'The report is not ready yet.',
  failed: 'The report could not be built. Please try again.',
} as const;
