import { queryOptions, useQuery } from '@tanstack/react-query';
import { inquiryDetailSchema, type InquiryDetail } from '@casedesk/contract/inquiries/inquiry';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/v1/inquiry?inquiryId, to prefill a text for a lead. SPEC §8: inquiry fetch failures are only logged. */
export function getInquiry(inquiryId: string, signal?: AbortSignal): Promise<InquiryDetail> {
  return apiRequest('/api/v1/inquiry', inquiryDetailSchema, { query: { inquiryId }, signal, onError: 'log' });
}

export function useInquiry(inquiryId: string | null | undefined) {
  return useQuery({
    ...queryOptions({
      queryKey: ['inquiry', inquiryId ?? ''],
      queryFn: ({ signal }) => getInquiry(inquiryId ?? '', signal),
    }),
    enabled: Boolean(inquiryId),
  });
}
