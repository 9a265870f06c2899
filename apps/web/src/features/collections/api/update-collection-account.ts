import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { collectionAccountPatchSchema } from '@casedesk/contract/collections/account';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionKeys } from './collection-keys.ts';
import { FORM_REFUSALS, unreadAnswerSchema } from './unread-answer.ts';

export type CollectionAccountPatchInput = z.input<typeof collectionAccountPatchSchema>;

/** PATCH /api/v1/collectionAccount: status (with its reason), term, collector, follow-up date. */
export function updateCollectionAccount(body: CollectionAccountPatchInput) {
  return apiRequest('/api/v1/collectionAccount', unreadAnswerSchema, {
    method: 'PATCH',
    body,
    handledStatuses: FORM_REFUSALS,
  });
}

export function useUpdateCollectionAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCollectionAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collectionKeys.accounts() }),
  });
}
