import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DraftListRequestInput, draftListResponseSchema } from '@casedesk/contract/mail/draft';
import { apiRequest } from '@/lib/api-client.ts';
import { draftKeys } from './draft-keys.ts';

/** POST /api/v1/draft/all: the drafts of the caller's MAIL READ offices (filter: account, client, status, kind). */
export function listDrafts(request: DraftListRequestInput, signal?: AbortSignal) {
  return apiRequest<typeof draftListResponseSchema>('/api/v1/draft/all', { method: 'POST', body: request, signal });
}

export function useDraftList(request: DraftListRequestInput) {
  return useQuery({
    queryKey: draftKeys.list(request),
    queryFn: ({ signal }) => listDrafts(request, signal),
    placeholderData: keepPreviousData,
  });
}
