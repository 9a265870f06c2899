import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CashFlowReportStatus, cashFlowReportStatusSchema } from '@casedesk/contract/accounting/cash-flow-report';
import { apiRequest } from '@/lib/api-client.ts';
import { accountingKeys } from './accounting-keys.ts';

/** How often a background report's progress is asked for while it is being built. */
export const REPORT_POLL_MS = 1500;

const finished = (status: CashFlowReportStatus | undefined) => status?.state === 'DONE' || status?.state === 'FAILED';

/** GET /api/v1/cashFlow/report/:reportId: how far a background report has come (its requester only). */
export function getCashFlowReport(reportId: string, signal?: AbortSignal): Promise<CashFlowReportStatus> {
  return apiRequest<typeof cashFlowReportStatusSchema>(`/api/v1/cashFlow/report/${encodeURIComponent(reportId)}`, {
    signal,
  });
}

/** Asked again every REPORT_POLL_MS until the report is DONE or FAILED. */
export function cashFlowReportQueryOptions(reportId: string) {
  return queryOptions({
    queryKey: accountingKeys.report(reportId),
    queryFn: ({ signal }) => getCashFlowReport(reportId, signal),
    refetchInterval: (query) => (finished(query.state.data) ? false : REPORT_POLL_MS),
    retry: false,
  });
}

export function useCashFlowReport(reportId: string) {
  return useQuery(cashFlowReportQueryOptions(reportId));
}
