import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  collectionAccountAssignResultSchema,
  collectionAccountAssignSchema,
} from '@casedesk/contract/collections/account';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionKeys } from './collection-keys.ts';
import { FORM_REFUSALS } from './form-refusals.ts';

export type CollectionAccountAssign = z.input<typeof collectionAccountAssignSchema>;

/** POST /api/v1/collectionAccount/assign: the chosen accounts to one collector (or to nobody, with null). */
export function assignCollectionAccounts(body: CollectionAccountAssign) {
  return apiRequest<typeof collectionAccountAssignResultSchema>('/api/v1/collectionAccount/assign', {
    method: 'POST',
    body,
    handledStatuses: FORM_REFUSALS,
  });
}

export function useAssignCollectionAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignCollectionAccounts,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collectionKeys.accounts() }),
  });
}
