import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CashFlowFilter } from '@casedesk/contract/accounting/payment';
import type { officeEnteredTotalSchema } from '@casedesk/contract/accounting/reconciliation';
import { apiRequest } from '@/lib/api-client.ts';
import { accountingKeys } from './accounting-keys.ts';

/** POST /api/v1/cashFlow/officeEnteredTotal: what the office entered, per payment type and in all (the deposit slip). */
export function getOfficeEnteredTotal(filter: CashFlowFilter, signal?: AbortSignal) {
  return apiRequest<typeof officeEnteredTotalSchema>('/api/v1/cashFlow/officeEnteredTotal', {
    method: 'POST',
    body: { filter },
    signal,
  });
}

export function officeEnteredTotalQueryOptions(filter: CashFlowFilter) {
  return queryOptions({
    queryKey: accountingKeys.officeEnteredTotal(filter),
    queryFn: ({ signal }) => getOfficeEnteredTotal(filter, signal),
  });
}

export function useOfficeEnteredTotal(filter: CashFlowFilter, enabled: boolean) {
  return useQuery({ ...officeEnteredTotalQueryOptions(filter), enabled });
}
