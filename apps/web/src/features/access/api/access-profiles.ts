import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  accessProfileListSchema,
  accessProfileSchema,
  AccessProfileWrite,
  ApplyProfile,
  applyProfileResultSchema,
} from '@casedesk/contract/access/access-admin';
import { apiRequest } from '@/lib/api-client.ts';
import { accessKeys } from './access-keys.ts';

/** GET /api/v1/accessControl/profiles: the named permission sets and how many users follow each. */
export function listAccessProfiles(signal?: AbortSignal) {
  return apiRequest<typeof accessProfileListSchema>('/api/v1/accessControl/profiles', { signal });
}

export function useAccessProfiles() {
  return useQuery({ queryKey: accessKeys.profiles(), queryFn: ({ signal }) => listAccessProfiles(signal) });
}

/** POST /api/v1/accessControl/profile: saves permissions as a named profile. */
export function createAccessProfile(write: AccessProfileWrite) {
  return apiRequest<typeof accessProfileSchema>('/api/v1/accessControl/profile', {
    method: 'POST',
    body: write,
    handledStatuses: [400, 403, 409],
  });
}

/** PUT /api/v1/accessControl/profile?id=: changes a profile and, with it, everyone who follows it. */
export function updateAccessProfile(id: string, write: AccessProfileWrite) {
  return apiRequest<typeof accessProfileSchema>('/api/v1/accessControl/profile', {
    method: 'PUT',
    query: { id },
    body: write,
    handledStatuses: [400, 403, 409],
  });
}

/** POST /api/v1/accessControl/profile/apply: gives users a profile's permissions, all or none. */
export function applyAccessProfile(request: ApplyProfile) {
  return apiRequest<typeof applyProfileResultSchema>('/api/v1/accessControl/profile/apply', {
    method: 'POST',
    body: request,
    handledStatuses: [400, 403, 404],
  });
}

/** Any profile write changes users' access: the whole module's cache is refreshed. */
function useAccessWrite<T, R>(write: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessKeys.all }),
  });
}

export const useCreateAccessProfile = () => useAccessWrite(createAccessProfile);
export const useUpdateAccessProfile = () =>
  useAccessWrite(({ id, write }: { id: string; write: AccessProfileWrite }) => updateAccessProfile(id, write));
export const useApplyAccessProfile = () => useAccessWrite(applyAccessProfile);
