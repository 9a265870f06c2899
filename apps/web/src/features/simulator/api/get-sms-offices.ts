import { queryOptions, useQuery } from '@tanstack/react-query';
import { smsOfficeListSchema, type SmsOfficeOption } from '@casedesk/contract/sms/sms';
import { apiRequest } from '@/lib/api-client.ts';

/**
 * GET /api/v1/dropdown/smsOffice: the office numbers a text can be sent to. Only a convenience here:
 * without it (no permission, or none configured) the page takes the number as typed, so no popup.
 */
export function getSmsOffices(signal?: AbortSignal): Promise<SmsOfficeOption[]> {
  return apiRequest('/api/v1/dropdown/smsOffice', smsOfficeListSchema, { signal, onError: 'log' });
}

export function smsOfficesQueryOptions() {
  return queryOptions({
    queryKey: ['simulator', 'smsOffices'],
    queryFn: ({ signal }) => getSmsOffices(signal),
    retry: false,
  });
}

export function useSmsOffices() {
  return useQuery(smsOfficesQueryOptions());
}
