import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { reconRowSchema, ReopenDay } from '@casedesk/contract/accounting/reconciliation';
import { apiRequest } from '@/lib/api-client.ts';
import { accountingKeys } from './accounting-keys.ts';

/** POST /api/v1/cashFlow/reopenRecon: opens a reconciled day again with the reason; the signed version is kept. The modal shows 400 and 409 itself. */
export function reopenDay(body: ReopenDay) {
  return apiRequest<typeof reconRowSchema>('/api/v1/cashFlow/reopenRecon', {
    method: 'POST',
    body,
    handledStatuses: [400, 409],
  });
}

export function useReopenDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenDay,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountingKeys.all }),
  });
}
