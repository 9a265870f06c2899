import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InquiryDetail, inquiryDetailSchema } from '@casedesk/contract/inquiries/inquiry';
import type { LeadListRequestInput } from '@casedesk/contract/inquiries/lead-list';
import type { DuplicateCheckInput } from '@casedesk/contract/matching/duplicate-check';
import type { PotentialConflictsInput } from '@casedesk/contract/matching/potential-conflict';
import { apiRequest } from '@/lib/api-client.ts';

/** The inquiries module's query keys: a save or a booking refreshes an inquiry's every view under `all`. */
export const inquiryKeys = {
  all: ['inquiries'] as const,
  /** GET /inquiry: one inquiry, as the lead screen and the text drawer show it. */
  one: (inquiryId: string) => [...inquiryKeys.all, 'one', inquiryId] as const,
  /** POST /inquiry/all: a page of the leads list. */
  lists: () => [...inquiryKeys.all, 'list'] as const,
  list: (request: LeadListRequestInput) => [...inquiryKeys.lists(), request] as const,
  /** POST /inquiry/duplicate and /inquiry/potentialConflicts, as the intake form types. */
  duplicates: (request: DuplicateCheckInput | null) => [...inquiryKeys.all, 'duplicates', request] as const,
  conflicts: (request: PotentialConflictsInput | null) => [...inquiryKeys.all, 'conflicts', request] as const,
};

/** GET /api/v1/inquiry?inquiryId: SPEC §8 says inquiry fetch failures are only logged. */
export function getInquiry(inquiryId: string, signal?: AbortSignal): Promise<InquiryDetail> {
  return apiRequest<typeof inquiryDetailSchema>('/api/v1/inquiry', { query: { inquiryId }, signal, onError: 'log' });
}

export function inquiryQueryOptions(inquiryId: string) {
  return queryOptions({
    queryKey: inquiryKeys.one(inquiryId),
    queryFn: ({ signal }) => getInquiry(inquiryId, signal),
  });
}

/** The lead screen's inquiry, or the one a text is prefilled for. */
export function useInquiry(inquiryId: string | null | undefined) {
  return useQuery({ ...inquiryQueryOptions(inquiryId ?? ''), enabled: Boolean(inquiryId) });
}
