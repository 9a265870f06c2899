import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailDetail, mailDetailSchema, SendMailRequest } from '@casedesk/contract/mail/mail';
import { apiRequest } from '@/lib/api-client.ts';
import { mailKeys } from './mail-keys.ts';

export interface SendMailInput {
  request: SendMailRequest;
  attachments: readonly File[];
}

/**
 * POST /api/v1/mail/sendMail (SPEC §7: multipart request plus attachments): a "request" part with the e-mail as
 * JSON and one "attachments" part per file. The form shows 400, 403, 404 and 422 itself.
 */
export function sendMail({ request, attachments }: SendMailInput): Promise<MailDetail> {
  const body = new FormData();
  body.append('request', new Blob([JSON.stringify(request)], { type: 'application/json' }));
  for (const file of attachments) body.append('attachments', file, file.name);
  return apiRequest<typeof mailDetailSchema>('/api/v1/mail/sendMail', {
    method: 'POST',
    body,
    handledStatuses: [400, 403, 404, 422],
  });
}

export function useSendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.all }),
  });
}
