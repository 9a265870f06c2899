import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { directorySyncResultSchema } from '@casedesk/contract/directory/directory-sync';
import { apiRequest } from '@/lib/api-client.ts';
import { accessKeys } from './access-keys.ts';

/**
 * POST /api/v1/user/syncWithAD (SPEC §7): pulls users from the directory now and answers the counts. The page
 * explains its refusals itself: 422 (Graph not configured: which settings to set), 409 (a sync is running),
 * 502 (Graph failed the run).
 */
export function syncWithDirectory() {
  return apiRequest<typeof directorySyncResultSchema>('/api/v1/user/syncWithAD', {
    method: 'POST',
    handledStatuses: [403, 409, 422, 502],
  });
}

export function useSyncWithDirectory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncWithDirectory,
    // New, changed and disabled users show in the list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessKeys.users() }),
  });
}
