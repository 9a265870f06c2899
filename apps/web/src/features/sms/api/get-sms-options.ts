import { queryOptions, useQuery } from '@tanstack/react-query';
import { dropdownOptionListSchema, type DropdownOption } from '@casedesk/contract/dropdowns/dropdown';
import { apiRequest } from '@/lib/api-client.ts';

export type SmsOptionType = 'SMS_CATEGORY' | 'SMS_REASON';

/**
 * POST /api/v1/dropdown/active { filter: { dropdownType } } (SPEC §7): SMS categories (carrying their
 * groupType, the SMS category type permissions condition on) or reasons, by sort order.
 */
export function getSmsOptions(dropdownType: SmsOptionType, signal?: AbortSignal): Promise<DropdownOption[]> {
  return apiRequest('/api/v1/dropdown/active', dropdownOptionListSchema, {
    method: 'POST',
    query: { isActive: true },
    body: { filter: { dropdownType } },
    signal,
  });
}

export function smsOptionsQueryOptions(dropdownType: SmsOptionType) {
  return queryOptions({
    // Same key as the other screens' active dropdowns, so one fetch serves all of them.
    queryKey: ['dropdown', 'active', { dropdownType, isActive: true }],
    queryFn: ({ signal }) => getSmsOptions(dropdownType, signal),
    staleTime: 5 * 60_000,
  });
}

export function useSmsOptions(dropdownType: SmsOptionType) {
  return useQuery(smsOptionsQueryOptions(dropdownType));
}
