import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download-file.ts';

/** GET /api/v1/cashFlow/report/:reportId/file: the finished background report as a PDF. */
export async function downloadCashFlowReport(reportId: string): Promise<void> {
  await downloadFile(`/api/v1/cashFlow/report/${encodeURIComponent(reportId)}/file`, {
    method: 'GET',
    filename: 'cash-flow.pdf',
  });
}

export function useDownloadCashFlowReport() {
  return useMutation({ mutationFn: downloadCashFlowReport });
}
