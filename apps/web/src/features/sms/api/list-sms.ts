import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SmsListRequestInput, smsListResponseSchema } from '@casedesk/contract/sms/sms';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/v1/sms/all?offsetHours (SPEC §7): the caller's offset decides the date filter's days. */
export function listSms(request: SmsListRequestInput, signal?: AbortSignal) {
  return apiRequest<typeof smsListResponseSchema>('/api/v1/sms/all', {
    method: 'POST',
    body: request,
    withOffsetHours: true,
    signal,
  });
}

export function smsListQueryOptions(request: SmsListRequestInput) {
  return queryOptions({ queryKey: ['sms', 'all', request], queryFn: ({ signal }) => listSms(request, signal) });
}

/** The page being shown stays while the next one loads, so the table does not jump. */
export function useSmsList(request: SmsListRequestInput, enabled = true) {
  return useQuery({ ...smsListQueryOptions(request), placeholderData: keepPreviousData, enabled });
}
