import { useMutation } from '@tanstack/react-query';
import type { ClientExportRequest } from '@casedesk/contract/clients/client-search';
import { downloadFile } from '@/lib/download-file.ts';

/** POST /api/v1/client/export?offsetHours=… (SPEC §7: exports are POST downloads read as a blob). */
export async function exportClients(request: ClientExportRequest): Promise<void> {
  await downloadFile('/api/v1/client/export', { body: request, filename: `clients.${request.format}` });
}

export function useExportClients() {
  return useMutation({ mutationFn: exportClients });
}
