import { queryOptions, useQuery } from '@tanstack/react-query';
import { officeOptionListSchema } from '@casedesk/contract/dropdowns/dropdown';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/v1/dropdown/office?officeDropdownType=APPOINTMENTS: offices of the appointment lists. */
export const appointmentOfficesQueryOptions = queryOptions({
  queryKey: ['dropdown', 'office', 'APPOINTMENTS'],
  queryFn: ({ signal }) =>
    apiRequest('/api/v1/dropdown/office', officeOptionListSchema, {
      query: { officeDropdownType: 'APPOINTMENTS' },
      signal,
    }),
  staleTime: 5 * 60_000,
});

/** Only asked when the user may list them (ALL_APPOINTMENTS READ), else the office filter stays hidden. */
export function useAppointmentOffices(enabled: boolean) {
  return useQuery({ ...appointmentOfficesQueryOptions, enabled });
}
