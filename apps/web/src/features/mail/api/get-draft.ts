import { useQuery } from '@tanstack/react-query';
import type { draftSchema } from '@casedesk/contract/mail/draft';
import { apiRequest } from '@/lib/api-client.ts';
import { draftKeys } from './draft-keys.ts';

/** GET /api/v1/draft?id=: the draft with its text, attachments, approval and outcome. */
export function getDraft(id: string, signal?: AbortSignal) {
  return apiRequest<typeof draftSchema>('/api/v1/draft', { query: { id }, signal, handledStatuses: [404] });
}

export function useDraft(id: string | null) {
  return useQuery({
    queryKey: draftKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getDraft(id!, signal),
    enabled: id !== null,
  });
}
