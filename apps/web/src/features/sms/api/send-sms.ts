import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendSmsRequestInput, SmsMessage, smsMessageSchema } from '@casedesk/contract/sms/sms';
import { apiRequest } from '@/lib/api-client.ts';

/**
 * Refusals the drawer shows itself, inline: 400 field errors on their fields, 403 office or
 * category out of scope, 422 opt-out, 429 rate limit. Anything else goes to the error popup (SPEC §8).
 */
export const SEND_SMS_INLINE_STATUSES = [400, 403, 422, 429] as const;

/** POST /api/v1/sms/send?offsetHours (SPEC §7): stored as queued, delivered by the server's job. */
export function sendSms(body: SendSmsRequestInput): Promise<SmsMessage> {
  return apiRequest<typeof smsMessageSchema>('/api/v1/sms/send', {
    method: 'POST',
    body,
    withOffsetHours: true,
    handledStatuses: SEND_SMS_INLINE_STATUSES,
  });
}

export function useSendSms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSms,
    // A refused send may mean the number just opted out: the history says so either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sms'] }),
  });
}
