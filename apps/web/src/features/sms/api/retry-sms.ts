import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SmsMessage, smsMessageSchema } from '@casedesk/contract/sms/sms';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/v1/sms/retry?id: a failed or undelivered text is sent again as a new text. */
export function retrySms(id: string): Promise<SmsMessage> {
  return apiRequest<typeof smsMessageSchema>('/api/v1/sms/retry', { method: 'POST', query: { id } });
}

export function useRetrySms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retrySms,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sms'] }),
  });
}
