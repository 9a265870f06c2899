import { useMutation } from '@tanstack/react-query';
import { inquiryDetailSchema, type InquiryDetail } from '@casedesk/contract/inquiries/inquiry';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/v1/inquiry/resetClient?inquiryId: the inquiry with a blank client section (nothing stored). */
export function resetInquiryClient(inquiryId: string): Promise<InquiryDetail> {
  return apiRequest('/api/v1/inquiry/resetClient', inquiryDetailSchema, { query: { inquiryId } });
}

export function useResetInquiryClient() {
  return useMutation({ mutationFn: resetInquiryClient });
}
