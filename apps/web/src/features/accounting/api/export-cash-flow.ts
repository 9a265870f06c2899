import { useMutation } from '@tanstack/react-query';
import type { CashFlowExportRequestInput } from '@casedesk/contract/accounting/payment';
import { downloadFile } from '@/lib/download-file.ts';

/** POST /api/v1/cashFlow/export?offsetHours: every row of the current filter and sort as CSV or XLSX (SPEC §7). */
export async function exportCashFlow(request: CashFlowExportRequestInput): Promise<void> {
  await downloadFile('/api/v1/cashFlow/export', { body: request, filename: `cash-flow.${request.format ?? 'csv'}` });
}

export function useExportCashFlow() {
  return useMutation({ mutationFn: exportCashFlow });
}
