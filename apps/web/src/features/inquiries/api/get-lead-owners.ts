import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserMin, userMinListSchema } from '@casedesk/contract/users/user';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/v1/user/min: active users, for the lead owner filter and picker. */
export function getLeadOwners(signal?: AbortSignal): Promise<UserMin[]> {
  return apiRequest<typeof userMinListSchema>('/api/v1/user/min', { signal });
}

export function leadOwnersQueryOptions() {
  return queryOptions({
    queryKey: ['user', 'min'],
    queryFn: ({ signal }) => getLeadOwners(signal),
    staleTime: 5 * 60_000,
  });
}

export function useLeadOwners() {
  return useQuery(leadOwnersQueryOptions());
}
