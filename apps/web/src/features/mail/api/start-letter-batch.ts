import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  LetterBatchRequestInput,
  LetterBatchStatus,
  letterBatchStatusSchema,
} from '@casedesk/contract/mail/letter';
import { apiRequest } from '@/lib/api-client.ts';
import { mailKeys } from './mail-keys.ts';

/** POST /api/v1/mail/letterBatch: 202 with the batch's status; a background job prints the letters. */
export function startLetterBatch(body: LetterBatchRequestInput): Promise<LetterBatchStatus> {
  return apiRequest<typeof letterBatchStatusSchema>('/api/v1/mail/letterBatch', {
    method: 'POST',
    body,
    handledStatuses: [400, 403, 404, 422],
  });
}

export function useStartLetterBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startLetterBatch,
    onSuccess: (status) => queryClient.setQueryData(mailKeys.batch(status.id), status),
  });
}
