import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  collectionAccountAdjustmentSchema,
  collectionAccountDetailSchema,
} from '@casedesk/contract/collections/account';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionKeys } from './collection-keys.ts';
import { FORM_REFUSALS } from './form-refusals.ts';

export type AccountAdjustment = z.input<typeof collectionAccountAdjustmentSchema>;

/**
 * POST /api/v1/collectionAccount/adjustment: a write-off or correction of what is owed (append-only); answers the
 * account. Never below a zero balance (422, shown by the form).
 */
export function addAccountAdjustment(body: AccountAdjustment) {
  return apiRequest<typeof collectionAccountDetailSchema>('/api/v1/collectionAccount/adjustment', {
    method: 'POST',
    body,
    handledStatuses: FORM_REFUSALS,
  });
}

/** The balance changes: the list and totals too. */
export function useAddAccountAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAccountAdjustment,
    onSuccess: (account) => {
      queryClient.setQueryData(collectionKeys.account(account.id), account);
      return queryClient.invalidateQueries({ queryKey: collectionKeys.accounts() });
    },
  });
}
