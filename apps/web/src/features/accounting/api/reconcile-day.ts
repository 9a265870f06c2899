import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReconcileDay, reconRowSchema } from '@casedesk/contract/accounting/reconciliation';
import { apiRequest } from '@/lib/api-client.ts';
import { accountingKeys } from './accounting-keys.ts';

/** POST /api/v1/cashFlow/reconcile: signs an office day that balances (400 with the difference when it does not). The modal shows 400 and 409 itself. */
export function reconcileDay(body: ReconcileDay) {
  return apiRequest<typeof reconRowSchema>('/api/v1/cashFlow/reconcile', {
    method: 'POST',
    body,
    handledStatuses: [400, 409],
  });
}

export function useReconcileDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reconcileDay,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountingKeys.all }),
  });
}
