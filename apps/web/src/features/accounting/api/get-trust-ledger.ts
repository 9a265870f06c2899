import { queryOptions, useQuery } from '@tanstack/react-query';
import type { trustLedgerSchema } from '@casedesk/contract/accounting/trust';
import { apiRequest } from '@/lib/api-client.ts';
import { accountingKeys } from './accounting-keys.ts';

/** GET /api/v1/trust/ledger/{inquiryId}: a matter's trust entries with the running balance. */
export function getTrustLedger(inquiryId: string, signal?: AbortSignal) {
  return apiRequest<typeof trustLedgerSchema>(`/api/v1/trust/ledger/${encodeURIComponent(inquiryId)}`, { signal });
}

export function trustLedgerQueryOptions(inquiryId: string) {
  return queryOptions({
    queryKey: accountingKeys.trustLedger(inquiryId),
    queryFn: ({ signal }) => getTrustLedger(inquiryId, signal),
  });
}

export function useTrustLedger(inquiryId: string | null) {
  return useQuery({ ...trustLedgerQueryOptions(inquiryId ?? ''), enabled: inquiryId !== null });
}
