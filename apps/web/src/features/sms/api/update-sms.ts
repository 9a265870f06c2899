import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SmsMessage, smsMessageSchema, UpdateSmsRequest } from '@casedesk/contract/sms/sms';
import { apiRequest } from '@/lib/api-client.ts';

/** PUT /api/v1/sms (SPEC §7: id, category, operatorId, reason); fields left out keep their value. */
export function updateSms(body: UpdateSmsRequest): Promise<SmsMessage> {
  return apiRequest<typeof smsMessageSchema>('/api/v1/sms', { method: 'PUT', body });
}

/** SPEC §4: after a category or reason change the history reloads. */
export function useUpdateSms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSms,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sms'] }),
  });
}
