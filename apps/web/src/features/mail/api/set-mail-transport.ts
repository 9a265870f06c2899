import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailTransport, mailTransportSchema } from '@casedesk/contract/mail/mail';
import { apiRequest } from '@/lib/api-client.ts';
import { mailKeys } from './mail-keys.ts';

/** PUT /api/v1/mail/transport: stops or starts this server's embedded SMTP server. */
export function setMailTransport(running: boolean): Promise<MailTransport> {
  return apiRequest<typeof mailTransportSchema>('/api/v1/mail/transport', { method: 'PUT', body: { running } });
}

export function useSetMailTransport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMailTransport,
    onSuccess: (status) => queryClient.setQueryData(mailKeys.transport(), status),
  });
}
