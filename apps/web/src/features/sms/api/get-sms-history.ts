import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { smsHistoryResponseSchema } from '@casedesk/contract/sms/sms';
import { SMS_HISTORY_PAGE_SIZE, type SmsHistoryResponse } from '@casedesk/contract/sms/sms';
import { apiRequest } from '@/lib/api-client.ts';

/** While a shown text is still on its way, its status is asked for again this often. */
const PENDING_STATUS_POLL_MS = 3000;

/**
 * POST /api/v1/sms/byPhoneNumber?phoneNumber (SPEC §7: paged, 5 per page). SPEC §8: failures of the
 * text history fetch are only logged, never a popup.
 */
export function getSmsHistory(phoneNumber: string, pageNumber: number, signal?: AbortSignal) {
  return apiRequest<typeof smsHistoryResponseSchema>('/api/v1/sms/byPhoneNumber', {
    method: 'POST',
    query: { phoneNumber },
    body: { pageNumber, pageSize: SMS_HISTORY_PAGE_SIZE, sortOrder: 'DESC' },
    signal,
    onError: 'log',
  });
}

export function smsHistoryQueryOptions(phoneNumber: string, pageNumber: number) {
  return queryOptions({
    queryKey: ['sms', 'history', phoneNumber, pageNumber],
    queryFn: ({ signal }) => getSmsHistory(phoneNumber, pageNumber, signal),
    staleTime: 0,
  });
}

const pending = (data: SmsHistoryResponse | undefined) =>
  data?.items.some((m) => m.direction === 'OUTBOUND' && (m.status === 'queued' || m.status === 'sent')) ?? false;

/** Only for a whole 10-digit number; the shown page stays while the next loads. */
export function useSmsHistory(phoneNumber: string, pageNumber: number) {
  return useQuery({
    ...smsHistoryQueryOptions(phoneNumber, pageNumber),
    enabled: /^\d{10}$/.test(phoneNumber),
    placeholderData: keepPreviousData,
    // Delivery status moves on after the send (queued → sent → delivered): follow it while it does.
    refetchInterval: (query) => (pending(query.state.data) ? PENDING_STATUS_POLL_MS : false),
  });
}
