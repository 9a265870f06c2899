import { useMutation, useQueryClient } from '@tanstack/react-query';
import { smsMessageSchema, type SmsMessage } from '@casedesk/contract/sms/sms';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/v1/sms/retry?id: a failed or undelivered text is sent again as a new text. */
export function retrySms(id: string): Promise<SmsMessage> {
  return apiRequest('/api/v1/sms/retry', smsMessageSchema, { method: 'POST', query: { id } });
}

export function useRetrySms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retrySms,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sms'] }),
  });
}
