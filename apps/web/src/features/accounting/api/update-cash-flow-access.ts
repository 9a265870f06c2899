import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CashFlowAccessChange,
  CashFlowAccessUser,
  cashFlowAccessUserSchema,
} from '@casedesk/contract/accounting/cash-flow-access';
import { apiRequest } from '@/lib/api-client.ts';
import { accountingKeys } from './accounting-keys.ts';

export interface CashFlowAccessUpdate {
  userId: string;
  change: CashFlowAccessChange;
}

/**
 * PUT /api/v1/cashFlow/updateAccessControl?userId=: replaces the user's cash-flow permissions (the others stay).
 * The modal shows the refusals itself: 400 (a field), 403 (granting more than the caller holds, or oneself), 404
 * (a user outside the caller's offices).
 */
export function updateCashFlowAccess({ userId, change }: CashFlowAccessUpdate): Promise<CashFlowAccessUser> {
  return apiRequest<typeof cashFlowAccessUserSchema>('/api/v1/cashFlow/updateAccessControl', {
    method: 'PUT',
    query: { userId },
    body: change,
    handledStatuses: [400, 403, 404, 409],
  });
}

export function useUpdateCashFlowAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCashFlowAccess,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountingKeys.access() }),
  });
}
