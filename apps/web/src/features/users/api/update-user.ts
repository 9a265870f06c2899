import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserInput, UserDetail, userDetailSchema } from '@casedesk/contract/users/user';
import { apiRequest } from '@/lib/api-client.ts';
import { currentUserQueryOptions } from './get-current-user.ts';

/** The body the server takes: the schema's output (phones as digits, SPEC §7), sent as its input type. */
export type UpdateUserBody = UpdateUserInput;

/**
 * PUT /api/v1/user (query userId for another user, body the profile fields). A 400 carries field errors,
 * which the form shows under its fields, so it is no popup.
 */
export function updateUser(body: UpdateUserBody, userId?: string): Promise<UserDetail> {
  return apiRequest<typeof userDetailSchema>('/api/v1/user', {
    method: 'PUT',
    query: { userId },
    body,
    handledStatuses: [400],
  });
}

/** Saves the signed-in user's profile and puts the answer into the current-user query (the shell shows it too). */
export function useUpdateOwnProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => updateUser(body),
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryOptions().queryKey, user),
  });
}
