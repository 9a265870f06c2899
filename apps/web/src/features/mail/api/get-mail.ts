import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { mailDetailSchema } from '@casedesk/contract/mail/mail';
import { apiRequest } from '@/lib/api-client.ts';
import { mailKeys } from './mail-keys.ts';

/** GET /api/v1/mail/:id: an e-mail with its attachments and what the embedded SMTP server received of it. */
export function getMail(id: string, signal?: AbortSignal) {
  return apiRequest<typeof mailDetailSchema>(`/api/v1/mail/${encodeURIComponent(id)}`, { signal });
}

export function mailQueryOptions(id: string | null) {
  return queryOptions({
    queryKey: mailKeys.detail(id ?? ''),
    queryFn: id ? ({ signal }) => getMail(id, signal) : skipToken,
  });
}

/** Polls every 1.5 s while the e-mail is queued or being sent, so its status and arrival show as they happen. */
export function useMail(id: string | null) {
  return useQuery({
    ...mailQueryOptions(id),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'QUEUED' || status === 'SENDING' ? 1_500 : false;
    },
  });
}
