import { queryOptions, useQuery } from '@tanstack/react-query';
import { attorneyListResponseSchema } from '@casedesk/contract/attorneys/attorney-list';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/v1/attorney/allSchedule: the attorneys of the caller's offices, by name, for the list filter. */
export const appointmentAttorneysQueryOptions = queryOptions({
  queryKey: ['attorney', 'allSchedule'],
  queryFn: ({ signal }) => apiRequest('/api/v1/attorney/allSchedule', attorneyListResponseSchema, { signal }),
  staleTime: 5 * 60_000,
});

/** Only asked with ATTORNEY_SCHEDULE READ; without it the search box still finds attorneys by name. */
export function useAppointmentAttorneys(enabled: boolean) {
  return useQuery({ ...appointmentAttorneysQueryOptions, enabled });
}
