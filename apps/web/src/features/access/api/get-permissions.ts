import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { Permission, permissionListSchema } from '@casedesk/contract/access/permission-schemas';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/v1/accessControl/permissions?userId=: the user's permissions (SPEC §7 Session). */
export function getPermissions(userId: string, signal?: AbortSignal): Promise<Permission[]> {
  return apiRequest<typeof permissionListSchema>('/api/v1/accessControl/permissions', {
    query: { userId },
    signal,
    handledStatuses: [403],
  });
}

/** SPEC §4: permissions are loaded after the user, so this waits until a user id is known. */
export function permissionsQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: ['access', 'permissions', userId],
    queryFn: userId ? ({ signal }) => getPermissions(userId, signal) : skipToken,
  });
}

export function usePermissions(userId: string | undefined) {
  return useQuery(permissionsQueryOptions(userId));
}
