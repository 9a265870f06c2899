import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CannedText, CannedTextRequestInput, cannedTextSchema } from '@casedesk/contract/sms/canned-text';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/v1/sms/cannedResponses: with the caller's userId it is their own canned text (SPEC §3). */
export function saveCannedText(body: CannedTextRequestInput): Promise<CannedText> {
  return apiRequest<typeof cannedTextSchema>('/api/v1/sms/cannedResponses', { method: 'POST', body });
}

export function useSaveCannedText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCannedText,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sms', 'cannedTexts'] }),
  });
}
