import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CashFlowAccess, cashFlowAccessSchema } from '@casedesk/contract/accounting/cash-flow-access';
import { apiRequest } from '@/lib/api-client.ts';
import { accountingKeys } from './accounting-keys.ts';

/**
 * GET /api/v1/cashFlow/accessControl: the users of the offices the caller's CASH_FLOW_MANAGEMENT reaches, with
 * their CASH_FLOW, CASH_FLOW_RECON and CASH_FLOW_MANAGEMENT permissions.
 */
export function getCashFlowAccess(signal?: AbortSignal): Promise<CashFlowAccess> {
  return apiRequest<typeof cashFlowAccessSchema>('/api/v1/cashFlow/accessControl', { signal });
}

export function cashFlowAccessQueryOptions() {
  return queryOptions({
    queryKey: accountingKeys.access(),
    queryFn: ({ signal }) => getCashFlowAccess(signal),
  });
}

export function useCashFlowAccess() {
  return useQuery(cashFlowAccessQueryOptions());
}
