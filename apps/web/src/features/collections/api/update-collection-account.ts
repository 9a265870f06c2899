import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  collectionAccountDetailSchema,
  collectionAccountPatchSchema,
} from '@casedesk/contract/collections/account';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionKeys } from './collection-keys.ts';
import { FORM_REFUSALS } from './form-refusals.ts';

export type CollectionAccountPatchInput = z.input<typeof collectionAccountPatchSchema>;

/** PATCH /api/v1/collectionAccount: status (with its reason), term, collector, follow-up date; answers the account. */
export function updateCollectionAccount(body: CollectionAccountPatchInput) {
  return apiRequest<typeof collectionAccountDetailSchema>('/api/v1/collectionAccount', {
    method: 'PATCH',
    body,
    handledStatuses: FORM_REFUSALS,
  });
}

export function useUpdateCollectionAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCollectionAccount,
    // The answer is the account as it is now; the list, totals and timeline are read again.
    onSuccess: (account) => {
      queryClient.setQueryData(collectionKeys.account(account.id), account);
      return queryClient.invalidateQueries({ queryKey: collectionKeys.accounts() });
    },
  });
}
