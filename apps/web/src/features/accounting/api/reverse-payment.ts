import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentDetail, paymentDetailSchema, ReversePayment } from '@casedesk/contract/accounting/payment';
import { clientKeys } from '@/api/clients/client.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { accountingKeys } from './accounting-keys.ts';

/**
 * POST /api/v1/cashFlow/deletePayment: enters the linked reversal (nothing is deleted). The modal shows 400 and
 * 409 (already reversed, a reconciled day) itself.
 */
export function reversePayment(body: ReversePayment): Promise<PaymentDetail> {
  return apiRequest<typeof paymentDetailSchema>('/api/v1/cashFlow/deletePayment', {
    method: 'POST',
    body,
    handledStatuses: [400, 409],
  });
}

export function useReversePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reversePayment,
    onSuccess: (saved) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountingKeys.all }),
        queryClient.invalidateQueries({ queryKey: clientKeys.details(saved.clientId) }),
      ]),
  });
}
