import { useMutation } from '@tanstack/react-query';
import {
  cashFlowReportQueuedSchema,
  type CashFlowReportQueued,
  type CashFlowReportRequestInput,
} from '@casedesk/contract/accounting/cash-flow-report';
import { apiFetch } from '@/lib/api-client.ts';
import { saveResponse } from '@/lib/download-file.ts';

/** What asking for the report came to: the PDF is saved, or it is being built in the background. */
export type CashFlowReportAnswer = { kind: 'downloaded' } | { kind: 'queued'; status: CashFlowReportQueued };

/**
 * POST /api/v1/cashFlow/report?offsetHours: the current filter and sort as a PDF. Up to 5,000 rows the answer is
 * the PDF (200), saved like any export; a larger report answers 202 with its status, to follow with
 * GET /cashFlow/report/:reportId (docs/accounting.md, "Cash-flow report").
 */
export async function requestCashFlowReport(request: CashFlowReportRequestInput): Promise<CashFlowReportAnswer> {
  const response = await apiFetch('/api/v1/cashFlow/report', {
    method: 'POST',
    body: request,
    withOffsetHours: true,
    accept: 'application/pdf, application/json',
  });
  if (response.status === 202) {
    return { kind: 'queued', status: cashFlowReportQueuedSchema.parse(await response.json()) };
  }
  await saveResponse(response, 'cash-flow.pdf');
  return { kind: 'downloaded' };
}

export function useRequestCashFlowReport() {
  return useMutation({ mutationFn: requestCashFlowReport });
}
