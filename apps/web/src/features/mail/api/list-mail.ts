import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MailListRequestInput, mailListResponseSchema } from '@casedesk/contract/mail/mail';
import { apiRequest } from '@/lib/api-client.ts';
import { mailKeys } from './mail-keys.ts';

/** While anything on the page is still on its way, the list looks again this often. */
const PENDING_REFRESH_MS = 2_000;

/** POST /api/v1/mail/all: one page of the outbox (the caller's MAIL READ offices) for the filter and sort. */
export function listMail(request: MailListRequestInput, signal?: AbortSignal) {
  return apiRequest<typeof mailListResponseSchema>('/api/v1/mail/all', { method: 'POST', body: request, signal });
}

export function mailListQueryOptions(request: MailListRequestInput) {
  return queryOptions({ queryKey: mailKeys.list(request), queryFn: ({ signal }) => listMail(request, signal) });
}

/** The page shown stays while the next one loads; it refreshes by itself while an e-mail is queued or sending. */
export function useMailList(request: MailListRequestInput, enabled = true) {
  return useQuery({
    ...mailListQueryOptions(request),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: (query) =>
      query.state.data?.items.some((m) => m.status === 'QUEUED' || m.status === 'SENDING') ? PENDING_REFRESH_MS : false,
  });
}
