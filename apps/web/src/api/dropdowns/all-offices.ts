import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AllOfficesItem, allOfficesListSchema } from '@casedesk/contract/dropdowns/dropdown';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/v1/dropdown/allOffices: every office by name: the SMS list's office filter (the server scopes the rows anyway), a tracking line's point to. */
export function getAllOffices(signal?: AbortSignal): Promise<AllOfficesItem[]> {
  return apiRequest<typeof allOfficesListSchema>('/api/v1/dropdown/allOffices', { signal });
}

export function allOfficesQueryOptions() {
  return queryOptions({
    queryKey: ['dropdown', 'allOffices'],
    queryFn: ({ signal }) => getAllOffices(signal),
    staleTime: 5 * 60_000,
  });
}

export function useAllOffices() {
  return useQuery(allOfficesQueryOptions());
}
