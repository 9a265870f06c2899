import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentDetail, paymentDetailSchema } from '@casedesk/contract/accounting/payment';
import { apiRequest } from '@/lib/api-client.ts';
import { accountingKeys } from './accounting-keys.ts';

/** GET /api/v1/payment/{paymentId}: every field and the reversal. */
export function getPayment(paymentId: string, signal?: AbortSignal): Promise<PaymentDetail> {
  return apiRequest<typeof paymentDetailSchema>(`/api/v1/payment/${encodeURIComponent(paymentId)}`, {
    signal,
    // The page says "not found" itself (404 also covers a payment outside the caller's offices).
    handledStatuses: [404],
  });
}

export function paymentQueryOptions(paymentId: string) {
  return queryOptions({
    queryKey: accountingKeys.payment(paymentId),
    queryFn: ({ signal }) => getPayment(paymentId, signal),
    retry: false,
  });
}

export function usePayment(paymentId: string) {
  return useQuery(paymentQueryOptions(paymentId));
}
