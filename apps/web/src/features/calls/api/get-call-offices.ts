import { queryOptions, useQuery } from '@tanstack/react-query';
import { officeOptionListSchema } from '@casedesk/contract/dropdowns/dropdown';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/v1/dropdown/office?officeDropdownType=CALLS: the offices whose calls the user may read. */
export const callOfficesQueryOptions = queryOptions({
  queryKey: ['dropdown', 'office', 'CALLS'],
  queryFn: ({ signal }) =>
    apiRequest('/api/v1/dropdown/office', officeOptionListSchema, { query: { officeDropdownType: 'CALLS' }, signal }),
  staleTime: 5 * 60_000,
});

export function useCallOffices() {
  return useQuery(callOfficesQueryOptions);
}
