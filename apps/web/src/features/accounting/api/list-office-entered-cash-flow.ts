import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CashFlowListRequestInput, cashFlowListResponseSchema } from '@casedesk/contract/accounting/payment';
import { apiRequest } from '@/lib/api-client.ts';
import { accountingKeys } from './accounting-keys.ts';

/** POST /api/v1/cashFlow/officeEnteredCashFlow: the entries the offices typed themselves (the office-entered view). */
export function listOfficeEnteredCashFlow(request: CashFlowListRequestInput, signal?: AbortSignal) {
  return apiRequest<typeof cashFlowListResponseSchema>('/api/v1/cashFlow/officeEnteredCashFlow', {
    method: 'POST',
    body: request,
    signal,
  });
}

export function officeEnteredCashFlowQueryOptions(request: CashFlowListRequestInput) {
  return queryOptions({
    queryKey: accountingKeys.officeEntered(request),
    queryFn: ({ signal }) => listOfficeEnteredCashFlow(request, signal),
  });
}

export function useOfficeEnteredCashFlow(request: CashFlowListRequestInput, enabled: boolean) {
  return useQuery({ ...officeEnteredCashFlowQueryOptions(request), enabled, placeholderData: keepPreviousData });
}
