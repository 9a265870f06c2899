import { useMutation } from '@tanstack/react-query';
import type { InquiryDetail, inquiryDetailSchema } from '@casedesk/contract/inquiries/inquiry';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/v1/inquiry/resetClient?inquiryId: the inquiry with a blank client section (nothing stored). */
export function resetInquiryClient(inquiryId: string): Promise<InquiryDetail> {
  return apiRequest<typeof inquiryDetailSchema>('/api/v1/inquiry/resetClient', { query: { inquiryId } });
}

export function useResetInquiryClient() {
  return useMutation({ mutationFn: resetInquiryClient });
}
