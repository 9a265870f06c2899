import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { collectionAccountExportRequestSchema } from '@casedesk/contract/collections/account';
import { downloadFile } from '@/lib/download-file.ts';

export type CollectionAccountExportRequest = z.input<typeof collectionAccountExportRequestSchema>;

/** POST /api/v1/collectionAccount/export?offsetHours: every row of the current filter and sort as CSV, XLSX or PDF. */
export async function exportCollectionAccounts(request: CollectionAccountExportRequest): Promise<void> {
  await downloadFile('/api/v1/collectionAccount/export', {
    body: request,
    filename: `collection-accounts.${request.format ?? 'csv'}`,
  });
}

export function useExportCollectionAccounts() {
  return useMutation({ mutationFn: exportCollectionAccounts });
}
