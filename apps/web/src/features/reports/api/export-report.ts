import { useMutation } from '@tanstack/react-query';
import type { AppointmentSummaryExportRequestInput } from '@casedesk/contract/reports/appointment-summary';
import type { CallSummaryExportRequestInput, ChatCountExportRequestInput } from '@casedesk/contract/reports/report';
import type { ReviewExportRequestInput } from '@casedesk/contract/reports/review-report';
import { downloadFile } from '@/lib/download-file.ts';

export type ReportExport =
  | { report: 'chatCountSummary'; request: ChatCountExportRequestInput }
  | { report: 'callSummary'; request: CallSummaryExportRequestInput }
  | { report: 'appointmentSummary'; request: AppointmentSummaryExportRequestInput }
  | { report: 'review'; request: ReviewExportRequestInput };

/** POST /api/v1/reports/{report}/export?offsetHours: SPEC §7 report exports are POST downloads read as a blob. */
export async function exportReport({ report, request }: ReportExport): Promise<void> {
  await downloadFile(`/api/v1/reports/${report}/export`, {
    body: request,
    filename: `${report}.${request.format ?? 'csv'}`,
  });
}

export function useExportReport() {
  return useMutation({ mutationFn: exportReport });
}
