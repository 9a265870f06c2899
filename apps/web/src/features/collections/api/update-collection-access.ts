import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CollectionAccessChange,
  collectionAccessUserSchema,
} from '@casedesk/contract/collections/collection-access';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionKeys } from './collection-keys.ts';

export interface CollectionAccessUpdate {
  userId: string;
  change: CollectionAccessChange;
}

/**
 * PUT /api/v1/collectionAccount/updateAccess?userId=: replaces the user's collections permissions (the others
 * stay). The modal shows the refusals itself: 400, 403 (more than the caller holds), 404 (outside their offices).
 */
export function updateCollectionAccess({ userId, change }: CollectionAccessUpdate) {
  return apiRequest<typeof collectionAccessUserSchema>('/api/v1/collectionAccount/updateAccess', {
    method: 'PUT',
    query: { userId },
    body: change,
    handledStatuses: [400, 403, 404, 409],
  });
}

export function useUpdateCollectionAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCollectionAccess,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collectionKeys.access() }),
  });
}
