import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  directoryGroupListSchema,
  directoryGroupSchema,
  MapDirectoryGroup,
} from '@casedesk/contract/directory/directory-groups';
import { apiRequest } from '@/lib/api-client.ts';
import { accessKeys } from './access-keys.ts';

/** GET /api/v1/accessControl/directoryGroups: the directory's groups and the profile each gives. */
export function listDirectoryGroups(signal?: AbortSignal) {
  return apiRequest<typeof directoryGroupListSchema>('/api/v1/accessControl/directoryGroups', { signal });
}

export function useDirectoryGroups() {
  return useQuery({ queryKey: accessKeys.directoryGroups(), queryFn: ({ signal }) => listDirectoryGroups(signal) });
}

/** PUT /api/v1/accessControl/directoryGroup?id=: the profile a group's members get, now and as they join. */
export function mapDirectoryGroup(id: string, request: MapDirectoryGroup) {
  return apiRequest<typeof directoryGroupSchema>('/api/v1/accessControl/directoryGroup', {
    method: 'PUT',
    query: { id },
    body: request,
    handledStatuses: [400, 403, 404],
  });
}

export function useMapDirectoryGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string; request: MapDirectoryGroup }) => mapDirectoryGroup(id, request),
    // Members' access changed with it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessKeys.all }),
  });
}
