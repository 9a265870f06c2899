import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SmsMessage, smsMessageSchema } from '@casedesk/contract/sms/sms';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/v1/sms/byId?id (SPEC §7): the text the drawer opens on in edit mode. */
export function getSms(id: string, signal?: AbortSignal): Promise<SmsMessage> {
  return apiRequest<typeof smsMessageSchema>('/api/v1/sms/byId', { method: 'POST', query: { id }, signal });
}

export function smsQueryOptions(id: string) {
  return queryOptions({ queryKey: ['sms', 'byId', id], queryFn: ({ signal }) => getSms(id, signal) });
}

export function useSms(id: string | undefined) {
  return useQuery({ ...smsQueryOptions(id ?? ''), enabled: Boolean(id) });
}
