import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppointmentRow, appointmentRowSchema } from '@casedesk/contract/appointments/appointment';
import { apiRequest } from '@/lib/api-client.ts';
import { appointmentKeys } from './appointment-keys.ts';

/** GET /api/v1/appointment/info (SPEC §7): one appointment the caller may see. */
export function getAppointmentInfo(appointmentId: string, signal?: AbortSignal): Promise<AppointmentRow> {
  return apiRequest<typeof appointmentRowSchema>('/api/v1/appointment/info', {
    query: { appointmentId },
    signal,
    onError: 'log',
  });
}

export function appointmentInfoQueryOptions(appointmentId: string) {
  return queryOptions({
    queryKey: appointmentKeys.info(appointmentId),
    queryFn: ({ signal }) => getAppointmentInfo(appointmentId, signal),
  });
}

export function useAppointmentInfo(appointmentId: string | null) {
  return useQuery({ ...appointmentInfoQueryOptions(appointmentId ?? ''), enabled: Boolean(appointmentId) });
}
