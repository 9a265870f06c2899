import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailDetail, mailDetailSchema } from '@casedesk/contract/mail/mail';
import { apiRequest } from '@/lib/api-client.ts';
import { mailKeys } from './mail-keys.ts';

/** POST /api/v1/mail/:id/retry: a FAILED e-mail goes back to the queue (409 for any other). */
export function retryMail(id: string): Promise<MailDetail> {
  return apiRequest<typeof mailDetailSchema>(`/api/v1/mail/${encodeURIComponent(id)}/retry`, { method: 'POST' });
}

export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMail,
    onSuccess: (mail) => {
      queryClient.setQueryData(mailKeys.detail(mail.id), mail);
      return queryClient.invalidateQueries({ queryKey: mailKeys.all });
    },
  });
}
