import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentDetail, paymentDetailSchema, PaymentWrite } from '@casedesk/contract/accounting/payment';
import { clientKeys } from '@/api/clients/client.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { accountingKeys } from './accounting-keys.ts';

/** POST /api/v1/cashFlow/payment. The form shows 400 (field messages) and 409 (receipt number used) itself. */
export function enterPayment(body: PaymentWrite): Promise<PaymentDetail> {
  return apiRequest<typeof paymentDetailSchema>('/api/v1/cashFlow/payment', {
    method: 'POST',
    body,
    handledStatuses: [400, 409],
  });
}

/** A new entry changes the list, its totals, the office-entered view and the client's payments tab. */
export function useEnterPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enterPayment,
    onSuccess: (saved) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountingKeys.all }),
        queryClient.invalidateQueries({ queryKey: clientKeys.details(saved.clientId) }),
      ]),
  });
}
