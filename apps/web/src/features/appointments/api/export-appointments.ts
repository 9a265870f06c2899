import { useMutation } from '@tanstack/react-query';
import type { AppointmentListType } from '@casedesk/contract/appointments/appointment';
import { downloadFile } from '@/lib/download-file.ts';
import type { AppointmentListRequestInput } from './list-appointments.ts';

export interface AppointmentExportInput {
  type: AppointmentListType;
  request: AppointmentListRequestInput;
}

/**
 * POST /api/v1/appointment/export?offsetHours (SPEC §7): every row of the list the user is looking at,
 * with its filter and sort, as a file. The body is the list body plus the list type.
 */
export function exportAppointments({ type, request }: AppointmentExportInput) {
  return downloadFile('/api/v1/appointment/export', {
    body: { ...request, pageNumber: 1, type },
    filename: `appointments-${type}.csv`,
  });
}

export function useExportAppointments() {
  return useMutation({ mutationFn: exportAppointments });
}
