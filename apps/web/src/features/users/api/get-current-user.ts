import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDetail, userDetailSchema } from '@casedesk/contract/users/user';
import { userKeys } from '@/api/users/user-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/v1/user: the signed-in user (SPEC §7 Session). A 403 is shown as Access Denied. */
export function getCurrentUser(signal?: AbortSignal): Promise<UserDetail> {
  return apiRequest<typeof userDetailSchema>('/api/v1/user', { signal, handledStatuses: [403] });
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: userKeys.current(),
    queryFn: ({ signal }) => getCurrentUser(signal),
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
