import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UserAccessListRequestInput, userAccessListResponseSchema } from '@casedesk/contract/access/access-admin';
import { apiRequest } from '@/lib/api-client.ts';
import { accessKeys } from './access-keys.ts';

/** POST /api/v1/user/withAccessControl (SPEC §7): one page of users with their access at a glance. */
export function listUserAccess(request: UserAccessListRequestInput, signal?: AbortSignal) {
  return apiRequest<typeof userAccessListResponseSchema>('/api/v1/user/withAccessControl', {
    method: 'POST',
    body: request,
    signal,
  });
}

export function useUserAccessList(request: UserAccessListRequestInput) {
  return useQuery({
    queryKey: accessKeys.userList(request),
    queryFn: ({ signal }) => listUserAccess(request, signal),
    placeholderData: keepPreviousData,
  });
}
