import { queryOptions, useQuery } from '@tanstack/react-query';
import { smsOfficeListSchema, type SmsOfficeOption } from '@casedesk/contract/sms/sms';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/v1/dropdown/smsOffice: the office numbers the caller may text from (SPEC §6 office condition). */
export function getSmsOffices(signal?: AbortSignal): Promise<SmsOfficeOption[]> {
  return apiRequest('/api/v1/dropdown/smsOffice', smsOfficeListSchema, { signal });
}

export function smsOfficesQueryOptions() {
  return queryOptions({
    queryKey: ['sms', 'offices'],
    queryFn: ({ signal }) => getSmsOffices(signal),
    staleTime: 5 * 60_000,
  });
}

export function useSmsOffices(enabled = true) {
  return useQuery({ ...smsOfficesQueryOptions(), enabled });
}
