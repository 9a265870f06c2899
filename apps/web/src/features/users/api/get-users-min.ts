import { queryOptions, useQuery } from '@tanstack/react-query';
import { userMinListSchema, type UserMin } from '@casedesk/contract/users/user';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/v1/user/min: id and name of every active user, by name (for pickers). */
export function getUsersMin(signal?: AbortSignal): Promise<UserMin[]> {
  return apiRequest('/api/v1/user/min', userMinListSchema, { signal });
}

export function usersMinQueryOptions() {
  return queryOptions({
    queryKey: ['user', 'min'],
    queryFn: ({ signal }) => getUsersMin(signal),
    staleTime: 5 * 60_000,
  });
}

export function useUsersMin() {
  return useQuery(usersMinQueryOptions());
}
