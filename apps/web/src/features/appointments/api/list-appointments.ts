import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  appointmentListRequestSchema,
  appointmentListResponseSchema,
  AppointmentListType,
} from '@casedesk/contract/appointments/appointment';
import { apiRequest } from '@/lib/api-client.ts';
import { appointmentKeys } from './appointment-keys.ts';

/** What the page sends: defaults (page size, page number) may be left to the server. */
export type AppointmentListRequestInput = z.input<typeof appointmentListRequestSchema>;

/** POST /api/v1/appointment/{set|all|pi|week}: one page of that list for the filter and sort (SPEC §2, §7). */
export function listAppointments(
  type: AppointmentListType,
  request: AppointmentListRequestInput,
  signal?: AbortSignal,
) {
  return apiRequest<typeof appointmentListResponseSchema>(`/api/v1/appointment/${type}`, {
    method: 'POST',
    body: request,
    signal,
  });
}

export function appointmentsQueryOptions(type: AppointmentListType, request: AppointmentListRequestInput) {
  return queryOptions({
    queryKey: appointmentKeys.list(type, request),
    queryFn: ({ signal }) => listAppointments(type, request, signal),
  });
}

/** The page being shown stays while the next one loads, so the table does not jump. */
export function useAppointments(type: AppointmentListType, request: AppointmentListRequestInput) {
  return useQuery({ ...appointmentsQueryOptions(type, request), placeholderData: keepPreviousData });
}
