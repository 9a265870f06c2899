import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OfficeDropdownType, officeOptionListSchema } from '@casedesk/contract/dropdowns/dropdown';
import { apiRequest } from '@/lib/api-client.ts';

export const officeOptionKeys = {
  all: ['dropdown', 'office'] as const,
  ofType: (type: OfficeDropdownType) => [...officeOptionKeys.all, type] as const,
  /** GET /dropdown/smsOffice: the office numbers the caller may text from. */
  sms: () => [...officeOptionKeys.all, 'smsOffice'] as const,
};

/** GET /api/v1/dropdown/office?officeDropdownType=: the offices a list of that type may be filtered by. */
export function officeOptionsQueryOptions(type: OfficeDropdownType) {
  return queryOptions({
    queryKey: officeOptionKeys.ofType(type),
    queryFn: ({ signal }) =>
      apiRequest<typeof officeOptionListSchema>('/api/v1/dropdown/office', {
        query: { officeDropdownType: type },
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}

/** `enabled`: false when the caller may not list them (the office filter then stays hidden). */
export function useOfficeOptions(type: OfficeDropdownType, enabled = true) {
  return useQuery({ ...officeOptionsQueryOptions(type), enabled });
}
