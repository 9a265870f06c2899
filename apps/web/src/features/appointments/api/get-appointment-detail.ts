import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  PublicAppointmentDetail,
  publicAppointmentDetailSchema,
} from '@casedesk/contract/appointments/appointment-link';
import { apiRequest } from '@/lib/api-client.ts';
import { appointmentKeys } from './appointment-keys.ts';

/**
 * GET /api/v1/public/appointment-detail?token: what a client's signed link shows, without sign-in. A bad
 * or expired link is a 404 the page explains itself, so no error popup and only a log line.
 */
export function getAppointmentDetail(token: string, signal?: AbortSignal): Promise<PublicAppointmentDetail> {
  return apiRequest<typeof publicAppointmentDetailSchema>('/api/v1/public/appointment-detail', {
    query: { token },
    signal,
    onError: 'log',
  });
}

export function appointmentDetailQueryOptions(token: string) {
  return queryOptions({
    queryKey: appointmentKeys.publicDetail(token),
    queryFn: ({ signal }) => getAppointmentDetail(token, signal),
    // A refused link stays refused: asking again only spends the rate limit.
    retry: false,
    staleTime: 60_000,
  });
}

export function useAppointmentDetail(token: string | null) {
  return useQuery({ ...appointmentDetailQueryOptions(token ?? ''), enabled: Boolean(token) });
}
