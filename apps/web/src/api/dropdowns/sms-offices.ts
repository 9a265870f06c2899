import { queryOptions, useQuery } from '@tanstack/react-query';
import type { smsOfficeListSchema, SmsOfficeOption } from '@casedesk/contract/sms/sms';
import { apiRequest } from '@/lib/api-client.ts';
import { officeOptionKeys } from './office-options.ts';

interface SmsOfficesOptions {
  /** false when the caller may not text (the screen then does without the list). */
  enabled?: boolean;
  /**
   * The phone simulator's use: the list is only a convenience there (without it the number is taken as
   * typed), so a failure is logged, not a popup, and not retried.
   */
  quiet?: boolean;
}

/** GET /api/v1/dropdown/smsOffice: the office numbers the caller may text from (SPEC §6 office condition). */
export function getSmsOffices(quiet: boolean, signal?: AbortSignal): Promise<SmsOfficeOption[]> {
  return apiRequest<typeof smsOfficeListSchema>('/api/v1/dropdown/smsOffice', {
    signal,
    onError: quiet ? 'log' : 'popup',
  });
}

export function smsOfficesQueryOptions(quiet = false) {
  return queryOptions({
    queryKey: officeOptionKeys.sms(),
    queryFn: ({ signal }) => getSmsOffices(quiet, signal),
    staleTime: 5 * 60_000,
    ...(quiet ? { retry: false } : {}),
  });
}

export function useSmsOffices({ enabled = true, quiet = false }: SmsOfficesOptions = {}) {
  return useQuery({ ...smsOfficesQueryOptions(quiet), enabled });
}
