import { useMutation } from '@tanstack/react-query';
import type { AppointmentExportRequestInput } from '@casedesk/contract/appointments/appointment-export';
import { downloadFile } from '@/lib/download-file.ts';

/**
 * POST /api/v1/appointment/export?offsetHours (SPEC §7): every row of the list the user is looking at
 * (its type, filter and sort) as CSV or XLSX; the server names the file.
 */
export function exportAppointments(request: AppointmentExportRequestInput) {
  return downloadFile('/api/v1/appointment/export', {
    body: { ...request, pageNumber: 1 },
    filename: `appointments-${request.type ?? 'all'}.${request.format ?? 'csv'}`,
  });
}

export function useExportAppointments() {
  return useMutation({ mutationFn: exportAppointments });
}
