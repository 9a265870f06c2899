import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DropdownOption, dropdownOptionListSchema, DropdownType } from '@casedesk/contract/dropdowns/dropdown';
import { apiRequest } from '@/lib/api-client.ts';

/**
 * POST /api/v1/dropdown/active?isActive=… { filter: { dropdownType } } (SPEC §7): a dropdown's options by
 * sort order. `isActive` true (default) gives active options only; false includes retired ones.
 */
export function getActiveDropdowns(
  dropdownType: DropdownType,
  isActive = true,
  signal?: AbortSignal,
): Promise<DropdownOption[]> {
  return apiRequest<typeof dropdownOptionListSchema>('/api/v1/dropdown/active', {
    method: 'POST',
    query: { isActive },
    body: { filter: { dropdownType } },
    signal,
  });
}

export function activeDropdownsQueryOptions(dropdownType: DropdownType, isActive = true) {
  return queryOptions({
    queryKey: ['dropdown', 'active', { dropdownType, isActive }],
    queryFn: ({ signal }) => getActiveDropdowns(dropdownType, isActive, signal),
    // Reference data changes rarely; a form opened twice in five minutes need not ask again.
    staleTime: 5 * 60_000,
  });
}

export function useActiveDropdowns(dropdownType: DropdownType, isActive = true) {
  return useQuery(activeDropdownsQueryOptions(dropdownType, isActive));
}
