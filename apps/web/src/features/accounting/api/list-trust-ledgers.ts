import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TrustLedgersRequestInput, trustLedgersResponseSchema } from '@casedesk/contract/accounting/trust';
import { apiRequest } from '@/lib/api-client.ts';
import { accountingKeys } from './accounting-keys.ts';

/** POST /api/v1/trust/ledgers: the matters holding trust money, each with its balance per office. */
export function listTrustLedgers(request: TrustLedgersRequestInput, signal?: AbortSignal) {
  return apiRequest<typeof trustLedgersResponseSchema>('/api/v1/trust/ledgers', {
    method: 'POST',
    body: request,
    signal,
  });
}

export function trustLedgersQueryOptions(request: TrustLedgersRequestInput) {
  return queryOptions({
    queryKey: accountingKeys.trustLedgers(request),
    queryFn: ({ signal }) => listTrustLedgers(request, signal),
  });
}

export function useTrustLedgers(request: TrustLedgersRequestInput) {
  return useQuery({ ...trustLedgersQueryOptions(request), placeholderData: keepPreviousData });
}
