import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CannedText, cannedTextListSchema } from '@casedesk/contract/sms/canned-text';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/v1/sms/cannedResponses: the caller's own canned texts and their office's shared ones. */
export function getCannedTexts(signal?: AbortSignal): Promise<CannedText[]> {
  return apiRequest<typeof cannedTextListSchema>('/api/v1/sms/cannedResponses', { signal });
}

export function cannedTextsQueryOptions() {
  return queryOptions({ queryKey: ['sms', 'cannedTexts'], queryFn: ({ signal }) => getCannedTexts(signal) });
}

export function useCannedTexts(enabled = true) {
  return useQuery({ ...cannedTextsQueryOptions(), enabled });
}
