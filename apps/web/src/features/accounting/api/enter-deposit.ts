import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { depositSchema, DepositWrite } from '@casedesk/contract/accounting/reconciliation';
import { apiRequest } from '@/lib/api-client.ts';
import { accountingKeys } from './accounting-keys.ts';

/** POST /api/v1/cashFlow/deposit: records a bank deposit for an open office day. The modal shows 400 and 409 itself. */
export function enterDeposit(body: DepositWrite) {
  return apiRequest<typeof depositSchema>('/api/v1/cashFlow/deposit', {
    method: 'POST',
    body,
    handledStatuses: [400, 409],
  });
}

export function useEnterDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enterDeposit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountingKeys.all }),
  });
}
