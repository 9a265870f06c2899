import { queryOptions, useQuery } from '@tanstack/react-query';
import { inquiryDetailSchema, type InquiryDetail } from '@casedesk/contract/inquiries/inquiry';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/v1/inquiry?inquiryId: SPEC §8 says inquiry fetch failures are only logged. */
export function getInquiry(inquiryId: string, signal?: AbortSignal): Promise<InquiryDetail> {
  return apiRequest('/api/v1/inquiry', inquiryDetailSchema, { query: { inquiryId }, signal, onError: 'log' });
}

export function inquiryQueryOptions(inquiryId: string) {
  return queryOptions({
    queryKey: ['inquiry', inquiryId],
    queryFn: ({ signal }) => getInquiry(inquiryId, signal),
  });
}

export function useInquiry(inquiryId: string | undefined) {
  return useQuery({ ...inquiryQueryOptions(inquiryId ?? ''), enabled: Boolean(inquiryId) });
}
