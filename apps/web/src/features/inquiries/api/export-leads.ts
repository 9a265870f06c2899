import { useMutation } from '@tanstack/react-query';
import type { LeadListRequestInput } from '@casedesk/contract/inquiries/lead-list';
import { downloadFile } from '@/lib/download-file.ts';

/** POST /api/v1/inquiry/export?offsetHours: the current filter and sort as CSV. */
export function exportLeads(request: LeadListRequestInput) {
  return downloadFile('/api/v1/inquiry/export', { body: request, filename: 'leads.csv' });
}

export function useExportLeads() {
  return useMutation({ mutationFn: exportLeads });
}
