import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role, UserByRole, userByRoleListSchema } from '@casedesk/contract/users/user';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/v1/user/role?role: the people a text can be assigned to (the server scopes them by office). */
export function getUsersByRole(role: Role, signal?: AbortSignal): Promise<UserByRole[]> {
  return apiRequest<typeof userByRoleListSchema>('/api/v1/user/role', { query: { role }, signal });
}

export function useUsersByRole(role: Role, enabled = true) {
  return useQuery({
    ...queryOptions({ queryKey: ['user', 'role', role], queryFn: ({ signal }) => getUsersByRole(role, signal) }),
    enabled,
  });
}
