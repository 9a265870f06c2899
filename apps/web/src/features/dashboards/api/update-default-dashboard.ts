import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDetail, userDetailSchema } from '@casedesk/contract/users/user';
import type { DefaultDashboard } from '@casedesk/contract/users/default-dashboard';
import { userKeys } from '@/api/users/user-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';

/** PUT /api/v1/user/updateDashboard: the signed-in user's own landing dashboard (SPEC §3 defaultDashboard). */
export function updateDefaultDashboard(defaultDashboard: DefaultDashboard): Promise<UserDetail> {
  return apiRequest<typeof userDetailSchema>('/api/v1/user/updateDashboard', {
    method: 'PUT',
    body: { defaultDashboard },
  });
}

/**
 * Stores the choice and puts the answer into the session's user, so /dashboard (SPEC §2) lands on it from now on
 * without loading the user again.
 */
export function useUpdateDefaultDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDefaultDashboard,
    onSuccess: (user) => queryClient.setQueryData(userKeys.current(), user),
  });
}
