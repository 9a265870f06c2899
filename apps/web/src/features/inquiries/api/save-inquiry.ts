import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateInquiryInput,
  InquiryDetail,
  inquiryDetailSchema,
  UpdateInquiryInput,
} from '@casedesk/contract/inquiries/inquiry';
import { apiRequest } from '@/lib/api-client.ts';
import { inquiryKeys, inquiryQueryOptions } from '@/api/inquiries/inquiry.ts';

/** POST /api/v1/inquiry. A 400 carries field errors the form shows under its fields, so it is no popup. */
export function createInquiry(body: CreateInquiryInput): Promise<InquiryDetail> {
  return apiRequest<typeof inquiryDetailSchema>('/api/v1/inquiry', { method: 'POST', body, handledStatuses: [400] });
}

/** PATCH /api/v1/inquiry?inquiryId. */
export function updateInquiry(inquiryId: string, body: UpdateInquiryInput): Promise<InquiryDetail> {
  return apiRequest<typeof inquiryDetailSchema>('/api/v1/inquiry', {
    method: 'PATCH',
    query: { inquiryId },
    body,
    handledStatuses: [400],
  });
}

export interface SaveInquiryVariables {
  inquiryId: string | null;
  body: CreateInquiryInput;
}

/** Create when there is no id yet, else update; the answer becomes the cached inquiry. */
export function useSaveInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ inquiryId, body }: SaveInquiryVariables) =>
      inquiryId ? updateInquiry(inquiryId, body) : createInquiry(body),
    onSuccess: (inquiry) => {
      queryClient.setQueryData(inquiryQueryOptions(inquiry.id).queryKey, inquiry);
      void queryClient.invalidateQueries({ queryKey: inquiryKeys.lists() });
    },
  });
}
