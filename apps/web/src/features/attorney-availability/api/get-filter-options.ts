import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  dropdownOptionListSchema,
  type DropdownOption,
  type DropdownType,
} from '@casedesk/contract/dropdowns/dropdown';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/v1/dropdown/active (SPEC §7): the drawer's Law Type (INQUIRY_LAW_TYPE) and Jurisdiction options. */
export function getFilterOptions(dropdownType: DropdownType, signal?: AbortSignal): Promise<DropdownOption[]> {
  return apiRequest('/api/v1/dropdown/active', dropdownOptionListSchema, {
    method: 'POST',
    query: { isActive: true },
    body: { filter: { dropdownType } },
    signal,
  });
}

export function filterOptionsQueryOptions(dropdownType: 'INQUIRY_LAW_TYPE' | 'JURISDICTION') {
  return queryOptions({
    queryKey: ['dropdown', 'active', { dropdownType, isActive: true }],
    queryFn: ({ signal }) => getFilterOptions(dropdownType, signal),
    staleTime: 5 * 60_000,
  });
}

export function useFilterOptions(dropdownType: 'INQUIRY_LAW_TYPE' | 'JURISDICTION') {
  return useQuery(filterOptionsQueryOptions(dropdownType));
}
