import { useMutation } from '@tanstack/react-query';
import type { CollectionReportExportRequestInput } from '@casedesk/contract/collections/report';
import { downloadFile } from '@/lib/download-file.ts';

/** POST /api/v1/collectionAccount/report/export?offsetHours: SPEC §7 report exports are POST downloads read as a blob. */
export async function exportCollectionReport(request: CollectionReportExportRequestInput): Promise<void> {
  await downloadFile('/api/v1/collectionAccount/report/export', {
    body: request,
    filename: `collection-report.${request.format ?? 'csv'}`,
  });
}

export function useExportCollectionReport() {
  return useMutation({ mutationFn: exportCollectionReport });
}
