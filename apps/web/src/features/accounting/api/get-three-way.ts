import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ThreeWayRequest, threeWaySchema } from '@casedesk/contract/accounting/trust';
import { apiRequest } from '@/lib/api-client.ts';
import { accountingKeys } from './accounting-keys.ts';

/** POST /api/v1/trust/threeWay: an office's bank, book and client-ledger balances at a month's end. */
export function getThreeWay(request: ThreeWayRequest, signal?: AbortSignal) {
  return apiRequest<typeof threeWaySchema>('/api/v1/trust/threeWay', { method: 'POST', body: request, signal });
}

export function threeWayQueryOptions(request: ThreeWayRequest) {
  return queryOptions({
    queryKey: accountingKeys.threeWay(request),
    queryFn: ({ signal }) => getThreeWay(request, signal),
  });
}

export function useThreeWay(request: ThreeWayRequest | null) {
  return useQuery({
    ...threeWayQueryOptions(request ?? { officeId: '', month: '' }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}
