import { queryOptions, useQuery } from '@tanstack/react-query';
import { dropdownOptionListSchema, type DropdownOption } from '@casedesk/contract/dropdowns/dropdown';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/v1/dropdown/active { filter: { dropdownType: INQUIRY_LAW_TYPE } } (SPEC §7): the active law types. */
export function getLawTypes(signal?: AbortSignal): Promise<DropdownOption[]> {
  return apiRequest('/api/v1/dropdown/active', dropdownOptionListSchema, {
    method: 'POST',
    query: { isActive: true },
    body: { filter: { dropdownType: 'INQUIRY_LAW_TYPE' } },
    signal,
  });
}

export function lawTypesQueryOptions() {
  return queryOptions({
    // The same key as the inquiry screen's query: one cache entry for the one list.
    queryKey: ['dropdown', 'active', { dropdownType: 'INQUIRY_LAW_TYPE', isActive: true }],
    queryFn: ({ signal }) => getLawTypes(signal),
    staleTime: 5 * 60_000,
  });
}

export function useLawTypes() {
  return useQuery(lawTypesQueryOptions());
}
