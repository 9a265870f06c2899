import { queryOptions, useQuery } from '@tanstack/react-query';
import type { mailTransportSchema } from '@casedesk/contract/mail/mail';
import { apiRequest } from '@/lib/api-client.ts';
import { mailKeys } from './mail-keys.ts';

/** GET /api/v1/mail/transport: the embedded SMTP server (and whether it runs) or the server of SMTP_URL. */
export function getMailTransport(signal?: AbortSignal) {
  return apiRequest<typeof mailTransportSchema>('/api/v1/mail/transport', { signal });
}

export function mailTransportQueryOptions() {
  return queryOptions({ queryKey: mailKeys.transport(), queryFn: ({ signal }) => getMailTransport(signal) });
}

export function useMailTransport() {
  return useQuery(mailTransportQueryOptions());
}
