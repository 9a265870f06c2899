import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  UserAccessChange,
  UserAccessDetail,
  userAccessDetailSchema,
} from '@casedesk/contract/access/access-admin';
import { apiRequest } from '@/lib/api-client.ts';
import { accessKeys } from './access-keys.ts';

/** GET /api/v1/accessControl/user/{userId}: the account and its permissions as stored. */
export function getUserAccess(userId: string, signal?: AbortSignal): Promise<UserAccessDetail> {
  return apiRequest<typeof userAccessDetailSchema>(`/api/v1/accessControl/user/${encodeURIComponent(userId)}`, {
    signal,
    handledStatuses: [404],
  });
}

export function useUserAccess(userId: string) {
  return useQuery({ queryKey: accessKeys.user(userId), queryFn: ({ signal }) => getUserAccess(userId, signal) });
}

/**
 * PUT /api/v1/accessControl/user/{userId}: one save of the user page, with the reason. Refusals (no
 * escalation, 403) and validation (400) are shown on the page itself.
 */
export function changeUserAccess(userId: string, change: UserAccessChange): Promise<UserAccessDetail> {
  return apiRequest<typeof userAccessDetailSchema>(`/api/v1/accessControl/user/${encodeURIComponent(userId)}`, {
    method: 'PUT',
    body: change,
    handledStatuses: [400, 403, 404],
  });
}

export function useChangeUserAccess(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UserAccessChange) => changeUserAccess(userId, change),
    onSuccess: (saved) => queryClient.setQueryData(accessKeys.user(userId), saved),
    // The list's counts and the history change with it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessKeys.users() }),
  });
}
