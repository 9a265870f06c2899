import { useMutation } from '@tanstack/react-query';
import type { CallExportRequestInput } from '@casedesk/contract/calls/call';
import { downloadFile } from '@/lib/download-file.ts';

/** POST /api/v1/call/export?offsetHours: the current filter and sort as CSV or XLSX (SPEC §7). */
export async function exportCalls(request: CallExportRequestInput): Promise<void> {
  await downloadFile('/api/v1/call/export', { body: request, filename: `calls.${request.format ?? 'csv'}` });
}

export function useExportCalls() {
  return useMutation({ mutationFn: exportCalls });
}
