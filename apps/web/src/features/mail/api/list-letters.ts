import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LetterListRequestInput, letterListResponseSchema } from '@casedesk/contract/mail/letter';
import { apiRequest } from '@/lib/api-client.ts';
import { mailKeys } from './mail-keys.ts';

/** POST /api/v1/mail/letter/all: saved letters of the caller's MAIL READ offices, newest first. */
export function listLetters(request: LetterListRequestInput, signal?: AbortSignal) {
  return apiRequest<typeof letterListResponseSchema>('/api/v1/mail/letter/all', {
    method: 'POST',
    body: request,
    signal,
  });
}

export function letterListQueryOptions(request: LetterListRequestInput) {
  return queryOptions({ queryKey: mailKeys.letters(request), queryFn: ({ signal }) => listLetters(request, signal) });
}

export function useLetterList(request: LetterListRequestInput, enabled = true) {
  return useQuery({ ...letterListQueryOptions(request), placeholderData: keepPreviousData, enabled });
}
